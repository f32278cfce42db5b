import { describe, expect, it } from 'vitest';
import { withoutAddresses } from './addresses.ts';

describe('withoutAddresses', () => {
  it('takes out every address, quoted or bare, and leaves the words around them', () => {
    expect(withoutAddresses('550 5.1.1 <Ada.Lovelace+jobs@MAIL.example>: User unknown; also a.l@other.example')).toBe(
      '550 5.1.1 <[address]>: User unknown; also [address]',
    );
    expect(withoutAddresses('connect ECONNREFUSED 127.0.0.1:25')).toBe('connect ECONNREFUSED 127.0.0.1:25');
  });

  it('leaves a stack frame’s path through packages and their versions', () => {
    const frame = '    at send (/srv/api/node_modules/.pnpm/@fastify+rate-limit@10.3.0/node_modules/x.js:12:5)';
    expect(withoutAddresses(frame)).toBe(frame);
  });
});

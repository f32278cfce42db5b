import encodeQR from 'qr';
import { useMemo } from 'react';

/**
 * The key's otpauth:// address as a QR code, for an authenticator app's camera. The SVG is drawn
 * by `qr` (paulmillr/qr: no dependencies, its own tests against reference decoders) and shown as
 * an image from a data: address, which the page's CSP allows for images (api/src/security-headers.ts):
 * no inline script or style, and no markup of its own put into the page.
 */
export function KeyQrCode({ uri }: { uri: string }) {
  const source = useMemo(
    () => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(encodeQR(uri, 'svg', { ecc: 'medium', border: 4 }))}`,
    [uri],
  );
  return (
    <img
      className="key-qr-code"
      src={source}
      alt="QR code of the same key, to scan with your authenticator app"
      width={200}
      height={200}
    />
  );
}

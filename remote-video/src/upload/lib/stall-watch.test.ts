import type { HttpRequest, HttpResponse, HttpStack } from 'tus-js-client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { UploadStalledError, watchForStalls } from './stall-watch.ts';
import { UPLOAD_STALL_MS } from './upload-policy.ts';

/** A request that answers, fails or reports progress only when the test says so. */
function heldRequest(method: string) {
  let progress: (bytesSent: number) => void = () => undefined;
  let answer: (response: HttpResponse) => void = () => undefined;
  let fail: (error: Error) => void = () => undefined;
  const abort = vi.fn(() => Promise.resolve());
  const request: HttpRequest = {
    getMethod: () => method,
    getURL: () => 'http://localhost/api/videos/abc',
    setHeader: () => undefined,
    getHeader: () => undefined,
    setProgressHandler: (handler) => {
      progress = handler;
    },
    send: () =>
      new Promise<HttpResponse>((resolve, reject) => {
        answer = resolve;
        fail = reject;
      }),
    abort,
    getUnderlyingObject: () => null,
  };
  return {
    request,
    abort,
    progress: (bytesSent: number) => progress(bytesSent),
    answer: (status: number) =>
      answer({
        getStatus: () => status,
        getHeader: () => undefined,
        getBody: () => '',
        getUnderlyingObject: () => null,
      }),
    fail: (error: Error) => fail(error),
  };
}

function watched(method = 'PATCH') {
  const held = heldRequest(method);
  const base: HttpStack = { createRequest: () => held.request, getName: () => 'held' };
  const request = watchForStalls(base, () => Date.now()).createRequest(method, held.request.getURL());
  const progress = vi.fn();
  request.setProgressHandler(progress);
  const outcome = request.send(null).then(
    (response) => ({ answered: response.getStatus() }),
    (error: unknown) => ({ failed: error }),
  );
  return { held, request, progress, outcome };
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('watchForStalls', () => {
  it('cuts off a request that neither answers nor moves on, as a lost connection', async () => {
    const { held, outcome } = watched('HEAD');
    vi.advanceTimersByTime(UPLOAD_STALL_MS - 1);
    expect(held.abort).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(held.abort).toHaveBeenCalledTimes(1);
    const { failed } = (await outcome) as { failed: Error };
    expect(failed).toBeInstanceOf(UploadStalledError);
    expect(failed.message).toContain('HEAD');
  });

  it('lets a request run as long as its body keeps going out, and passes its progress on', async () => {
    const { held, progress, outcome } = watched();
    for (let sent = 1; sent <= 5; sent += 1) {
      vi.advanceTimersByTime(UPLOAD_STALL_MS - 1000);
      held.progress(sent * 1000);
    }
    expect(progress).toHaveBeenLastCalledWith(5000);
    expect(held.abort).not.toHaveBeenCalled();
    vi.advanceTimersByTime(UPLOAD_STALL_MS);
    expect(held.abort).toHaveBeenCalledTimes(1);
    expect(await outcome).toHaveProperty('failed');
  });

  it('stops watching once the request is answered, fails or is aborted', async () => {
    const answered = watched();
    answered.held.answer(204);
    expect(await answered.outcome).toEqual({ answered: 204 });

    const refused = watched();
    refused.held.answer(413);
    expect(await refused.outcome).toEqual({ answered: 413 });

    const lost = watched();
    const reset = new Error('connection reset');
    lost.held.fail(reset);
    expect(await lost.outcome).toEqual({ failed: reset });

    // The upload stopped, or replaced by a new one: tus-js-client aborts the request it has out.
    const stopped = watched();
    await stopped.request.abort();
    expect(stopped.held.abort).toHaveBeenCalledTimes(1);

    expect(vi.getTimerCount()).toBe(0);
    vi.advanceTimersByTime(10 * UPLOAD_STALL_MS);
    for (const { held } of [answered, refused, lost]) expect(held.abort).not.toHaveBeenCalled();
    expect(stopped.held.abort).toHaveBeenCalledTimes(1);
  });
});

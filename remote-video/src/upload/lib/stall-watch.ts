import type { HttpRequest, HttpResponse, HttpStack } from 'tus-js-client';
import { isStalled, UPLOAD_STALL_MS } from './upload-policy.ts';

/** How a request that hangs ends: with no answer, as a lost connection does. */
export class UploadStalledError extends Error {
  constructor(method: string) {
    super(`The ${method} request of the upload showed no sign of life for ${UPLOAD_STALL_MS / 1000} s`);
    this.name = 'UploadStalledError';
  }
}

/**
 * tus-js-client's requests from `base`, each cut off once it hangs (`isStalled`): it is aborted
 * and fails with no answer, so tus-js-client, and the sender after it, take it for a lost
 * connection: counted, retried, and in the end the way on. A request is watched only while it is
 * out: its answer, its failure or its abort (the upload stopped or replaced) ends the watch.
 */
export function watchForStalls(base: HttpStack, now: () => number = () => performance.now()): HttpStack {
  return {
    createRequest: (method, url) => stallWatchedRequest(base.createRequest(method, url), now),
    getName: () => `${base.getName()}, watched for stalls`,
  };
}

function stallWatchedRequest(request: HttpRequest, now: () => number): HttpRequest {
  let lastSignOfLife = now();
  let watchdog: ReturnType<typeof setTimeout> | undefined;
  const endWatch = () => {
    clearTimeout(watchdog);
    watchdog = undefined;
  };

  return {
    getMethod: () => request.getMethod(),
    getURL: () => request.getURL(),
    setHeader: (header, value) => request.setHeader(header, value),
    getHeader: (header) => request.getHeader(header),
    setProgressHandler(handler) {
      request.setProgressHandler((bytesSent) => {
        lastSignOfLife = now();
        handler(bytesSent);
      });
    },
    send(body) {
      return new Promise<HttpResponse>((resolve, reject) => {
        const check = () => {
          const quietMs = now() - lastSignOfLife;
          if (!isStalled(quietMs)) {
            watchdog = setTimeout(check, UPLOAD_STALL_MS - quietMs);
            return;
          }
          watchdog = undefined;
          // The browser's own request, once aborted, neither answers nor fails: this one fails instead.
          void request.abort();
          reject(new UploadStalledError(request.getMethod()));
        };
        lastSignOfLife = now();
        watchdog = setTimeout(check, UPLOAD_STALL_MS);
        request.send(body).then(
          (response) => {
            endWatch();
            resolve(response);
          },
          (error: unknown) => {
            endWatch();
            reject(error);
          },
        );
      });
    },
    abort() {
      endWatch();
      return request.abort();
    },
    getUnderlyingObject: () => request.getUnderlyingObject(),
  };
}

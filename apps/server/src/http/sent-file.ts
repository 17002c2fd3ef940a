import { AppError } from './errors';

/**
 * The file a request sent as its body (an endpoint that declares `file`): its bytes, or a 422 when it sent
 * none, since an empty body is no file.
 */
export function sentFile(body: unknown): Buffer {
  if (Buffer.isBuffer(body) && body.byteLength > 0) return body;
  throw new AppError('validation_failed', [{ detail: 'Send the file as the request body.' }]);
}

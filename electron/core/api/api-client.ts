// createApiClient: one typed function per endpoint of the Job Rendering Service. Each builds its
// request (input checked before anything is sent) and hands it to the transport.
import { resolveConfig } from './client-config';
import type { Endpoint } from './endpoint';
import * as endpoints from './endpoints';
import { sandboxUpload } from './sandbox-upload';
import { execute } from './transport';
import type { CallOptions } from './transport';
import type { ApiClient, ApiClientOptions } from './types';

/**
 * Makes a client bound to one service address and API key. Throws a TypeError at once for a base URL
 * that is not plain http(s); every other failure rejects the call with an ApiError.
 */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const config = resolveConfig(options);
  const { redact } = config;

  /** Bad input rejects like every other failure rather than throwing synchronously. */
  function run<T>(build: () => Endpoint<T>, callOptions: CallOptions | undefined): Promise<T> {
    let endpoint: Endpoint<T>;
    try {
      endpoint = build();
    } catch (error) {
      return Promise.reject(error);
    }
    return execute(config, endpoint, callOptions);
  }

  return {
    getCredits: (callOptions) => run(() => endpoints.credits(), callOptions),
    listActiveProjects: (callOptions) => run(() => endpoints.activeProjects(), callOptions),
    getMappingFields: (projectId, callOptions) => run(() => endpoints.mappingFields(projectId), callOptions),
    createJob: (body, callOptions) => run(() => endpoints.createJob(body, redact), callOptions),
    getJob: (id, callOptions) => run(() => endpoints.getJob(id), callOptions),
    updateJob: (id, body, callOptions) => run(() => endpoints.updateJob(id, body, redact), callOptions),
    triggerJobs: (ids, callOptions) => run(() => endpoints.triggerJobs(ids, redact), callOptions),
    createJobLegacy: (body = {}, callOptions) => run(() => endpoints.legacyCreateJob(body), callOptions),
    getSignedUrl: (path, callOptions) => run(() => endpoints.signedUrl(path), callOptions),
    uploadSandboxAsset: (bytes, name, mimeType, callOptions) =>
      run(() => sandboxUpload(bytes, name, mimeType), callOptions),
  };
}

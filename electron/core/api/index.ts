// The API client of the Job Rendering Service: the factory, its error type and its types.
export { createApiClient } from './api-client';
export { DEFAULT_TIMEOUT_MS } from './client-config';
export { ApiError, isApiError } from './api-error';
export type { ApiErrorCause, ApiErrorKind } from './api-error';
export { API_OPERATIONS } from './operations';
export type { ApiOperation } from './operations';
export { DEFAULT_RETRY } from './retry-policy';
export type { ApiClient, ApiClientOptions, CallOptions, RetryOptions } from './types';
export type {
  CreateJobRequest,
  Job,
  MappingField,
  MappingFields,
  Project,
  UpdateJobRequest,
} from '../../shared/api/schemas';

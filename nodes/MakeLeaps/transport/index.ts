/** The one module every request goes through; see DEVELOPMENT.md for how it is split. */
export { excerpt } from './answers';
export { apiUrl, checkBaseUrl, isPlainPath } from './baseUrl';
export { apiErrorText, isUncertainWrite, UncertainWriteError } from './failures';
export { MAX_PAGE_SIZE, type Enough } from './pagination';
export type { SecretSet } from './redact';
export { DEFAULT_LIMITS, type TransportLimits } from './tries/retryPolicy';
export { MakeLeapsTransport, type TransportOptions } from './transport';
export {
	CREDENTIAL_TYPE,
	outcomeOf,
	type Envelope,
	type Outcome,
	type RequestOptions,
	type UploadedFile,
} from './types';

// Error envelope of the server and the client's translation keys (spec §8).

/** ASP.NET Web API error body. */
export interface ErrorBody {
  Message: string;
}

export const GENERIC_SERVER_ERROR = 'An error has occurred.';
export const notFoundMessage = (uri: string): string =>
  `No HTTP resource was found that matches the request URI '${uri}'.`;

/** Translation keys the client shows for errors (spec §8). */
export const ErrorKey = {
  NoDatabases: 'ERROR_NO_DATABASES',
  GetDatabases: 'ERROR_GET_DATABASES',
  CantObtainLicense: 'ERROR_CANT_OBTAIN_LICENSE',
  IncorrectParameters: 'ERROR_INCORRECT_PARAMETERS',
  FailedDueToPermissions: 'ERROR_FAILED_DUE_TO_PERMISSIONS',
  LicenseExpired: 'ERROR_LICENSE_EXPIRED',
  ThankYou: 'MESSAGE_THANK_YOU',
  NotConsumingALicense: 'ERROR_NOT_CONSUMING_A_LICENSE',
  NoDocumentsSelected: 'ERROR_NO_DOCUMENTS_SELECTED',
  CookieDisabled: 'COOKIE_DISABLED',
} as const;

/** ASP.NET's 400 body carries the specifics in MessageDetail. */
export interface ErrorDetailBody extends ErrorBody {
  MessageDetail: string;
}

/** Body Message of a 401: no credentials, wrong password, unknown or released token. */
export const AUTHORIZATION_DENIED = 'Authorization has been denied for this request.';

/** Body Message of a 400 for malformed input (bad id, bad JSON, missing parameter). */
export const INVALID_REQUEST = 'The request is invalid.';

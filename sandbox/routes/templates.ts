/** `/template/<type>/`: the document templates of a type (under the `templatePath` switch's name). */
import { detail, type HttpAnswer } from '../http/answer';
import { isDocumentType, templatesOf } from '../rules/documents';
import type { ApiCall } from './call';

export function templateRoute(call: ApiCall, type: string): HttpAnswer {
	call.allow('GET');
	if (!isDocumentType(type)) throw detail(404, 'Not found.');
	return call.page(templatesOf(type));
}

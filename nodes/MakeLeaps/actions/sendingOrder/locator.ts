/** Which sending order an item names: the MID its Sending Order locator gives. */
import type { INodeParameterResourceLocator } from 'n8n-workflow';

import { recordMidOf, sendingOrdersUrl } from '../../model/locators';
import type { OperationContext } from '../../run/context';

/** The MID a sending order locator names: from the list, by URL or by ID. */
export function sendingOrderMidOf(op: OperationContext, partnerMid: string): string {
	const locator = op.parameter('sendingOrder') as INodeParameterResourceLocator | undefined;
	const prefix = sendingOrdersUrl(op.run.transport.baseUrl, partnerMid);
	return recordMidOf(locator, op.label('sendingOrder'), prefix, 'sending order');
}

import { operandLocator } from '../common.fields';

export const sendingOrderLocator = (
	description: string,
	show: { resource: string[]; operation: string[] },
) => operandLocator('sendingOrder', description, show);

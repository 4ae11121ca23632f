/** MakeLeaps' sending orders: where they are. The only place their paths are written. */

export const sendingOrdersPath = (partnerMid: string) =>
	`/api/partner/${partnerMid}/sending/order/`;

export const sendingOrderPath = (partnerMid: string, orderMid: string) =>
	`${sendingOrdersPath(partnerMid)}${orderMid}/`;

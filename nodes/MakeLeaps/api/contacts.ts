/** MakeLeaps' contacts: where they are. The only place their paths are written. */

export const contactsPath = (partnerMid: string) => `/api/partner/${partnerMid}/contact/`;

export const contactPath = (partnerMid: string, contactMid: string) =>
	`${contactsPath(partnerMid)}${contactMid}/`;

/** MakeLeaps' documents: where they are. The only place their paths are written. */

export const documentsPath = (partnerMid: string) => `/api/partner/${partnerMid}/document/`;

export const documentPath = (partnerMid: string, documentMid: string) =>
	`${documentsPath(partnerMid)}${documentMid}/`;

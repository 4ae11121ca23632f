/** MakeLeaps' clients: where they are. The only place their paths are written. */

export const clientsPath = (partnerMid: string) => `/api/partner/${partnerMid}/client/`;

export const clientPath = (partnerMid: string, clientMid: string) =>
	`${clientsPath(partnerMid)}${clientMid}/`;

/** The contacts of one client (a list: contacts are made and changed under `contact/`). */
export const clientContactsPath = (partnerMid: string, clientMid: string) =>
	`${clientPath(partnerMid, clientMid)}contact/`;

/** MakeLeaps' document templates: where they are. The only place their paths are written. */

/** The templates of one document type (`invoice`, `quote`…). */
export const templatesPath = (partnerMid: string, documentType: string) =>
	`/api/partner/${partnerMid}/template/${documentType}/`;

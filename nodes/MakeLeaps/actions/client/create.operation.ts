import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { isUncertainWrite } from '../../transport';
import type { RunContext } from '../common';

// The client fields are shared with Create or Update, which requires the external ID.
const show = { resource: ['client'], operation: ['create', 'createOrUpdate'] };

export const description: INodeProperties[] = [
	{
		displayName: 'Client External ID',
		name: 'clientExternalId',
		type: 'string',
		default: '',
		placeholder: 'e.g. CLIENT-12345',
		description: 'Your own identifier for the client, such as the ID in your spreadsheet or CRM',
		displayOptions: { show: { resource: ['client'], operation: ['create'] } },
	},
	{
		displayName: 'Organization Name',
		name: 'organizationName',
		type: 'string',
		default: '',
		placeholder: 'e.g. Example Co., Ltd.',
		description: 'Name of the client company. Leave empty for a client that is only a person.',
		displayOptions: { show },
	},
	{
		displayName: 'Person Family Name',
		name: 'personFamilyName',
		type: 'string',
		default: '',
		placeholder: 'e.g. Sato',
		description: 'Family name of the contact person. Leave empty for a client that is only an organization.',
		displayOptions: { show },
	},
	{
		displayName: 'Person Email',
		name: 'personEmail',
		type: 'string',
		default: '',
		placeholder: 'e.g. name@email.com',
		description: 'E-mail address of the contact person, where MakeLeaps sends documents',
		displayOptions: { show },
	},
	{
		displayName: 'Additional Fields',
		name: 'additionalFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		displayOptions: { show },
		options: [
			{
				displayName: 'Address Country',
				name: 'addressCountry',
				type: 'string',
				default: 'JP',
				description: 'Two-letter country code of the address',
			},
			{
				displayName: 'Address Extended',
				name: 'addressExtended',
				type: 'string',
				default: '',
				placeholder: 'e.g. Building 3F',
			},
			{
				displayName: 'Address Format',
				name: 'addressFormat',
				type: 'options',
				default: 'jp_default',
				options: [
					{ name: 'Japanese', value: 'jp_default' },
					{ name: 'International', value: 'default' },
				],
			},
			{
				displayName: 'Address Locality',
				name: 'addressLocality',
				type: 'string',
				default: '',
				placeholder: 'e.g. Minato-ku',
				description: 'City, ward or town',
			},
			{
				displayName: 'Address Postal Code',
				name: 'addressPostalCode',
				type: 'string',
				default: '',
				placeholder: 'e.g. 105-0011',
			},
			{
				displayName: 'Address Region',
				name: 'addressRegion',
				type: 'string',
				default: '',
				placeholder: 'e.g. tokyo',
				description: 'Prefecture or state, such as tokyo',
			},
			{
				displayName: 'Address Street',
				name: 'addressStreet',
				type: 'string',
				default: '',
				placeholder: 'e.g. 1-2-3 Shibakoen',
			},
			{
				displayName: 'Organization Phone Number',
				name: 'organizationPhoneNumber',
				type: 'string',
				default: '',
				placeholder: 'e.g. 03-1234-5678',
			},
			{
				displayName: 'Person Department',
				name: 'personDepartment',
				type: 'string',
				default: '',
				placeholder: 'e.g. Accounting',
			},
			{
				displayName: 'Person Given Name',
				name: 'personGivenName',
				type: 'string',
				default: '',
				placeholder: 'e.g. Taro',
			},
			{
				displayName: 'Person Phone Number',
				name: 'personPhoneNumber',
				type: 'string',
				default: '',
				placeholder: 'e.g. 090-1234-5678',
			},
			{
				displayName: 'Person Title',
				name: 'personTitle',
				type: 'string',
				default: '',
				placeholder: 'e.g. Manager',
			},
		],
	},
];

const ADDITIONAL: Record<string, string> = {
	addressCountry: 'Address Country',
	addressExtended: 'Address Extended',
	addressFormat: 'Address Format',
	addressLocality: 'Address Locality',
	addressPostalCode: 'Address Postal Code',
	addressRegion: 'Address Region',
	addressStreet: 'Address Street',
	organizationPhoneNumber: 'Organization Phone Number',
	personDepartment: 'Person Department',
	personGivenName: 'Person Given Name',
	personPhoneNumber: 'Person Phone Number',
	personTitle: 'Person Title',
};

/** The client body of the interface: an organization and/or a person contact. */
export function clientBody(run: RunContext, i: number): IDataObject {
	const externalId = run.text('clientExternalId', 'Client External ID', i);
	const organizationName = run.text('organizationName', 'Organization Name', i);
	const familyName = run.text('personFamilyName', 'Person Family Name', i);
	const email = run.email(run.text('personEmail', 'Person Email', i), 'Person Email', i);
	const raw = run.node.getNodeParameter('additionalFields', i, {}) as IDataObject;
	const extra: Record<string, string> = {};
	for (const [key, label] of Object.entries(ADDITIONAL)) extra[key] = run.checkText(raw[key], label, i);

	if (!organizationName && !familyName) {
		run.fail(i, 'Organization Name and Person Family Name are both empty', 'A client needs an organization name, a person family name, or both');
	}
	const personOnly = ['personGivenName', 'personTitle', 'personDepartment', 'personPhoneNumber'].find((k) => extra[k]);
	if (!familyName && (email || personOnly)) {
		run.fail(i, `${email ? 'Person Email' : ADDITIONAL[personOnly!]} is set but Person Family Name is empty`, 'Person details need the person\'s family name');
	}
	if (extra.organizationPhoneNumber && !organizationName) {
		run.fail(i, 'Organization Phone Number is set but Organization Name is empty');
	}
	const country = (extra.addressCountry || 'JP').toUpperCase();
	if (!/^[A-Z]{2}$/.test(country)) run.fail(i, `Address Country "${extra.addressCountry}" is not a two-letter country code`);
	const hasAddress = ['addressStreet', 'addressExtended', 'addressLocality', 'addressRegion', 'addressPostalCode'].some((k) => extra[k]);
	const addresses = hasAddress
		? [
				{
					format: extra.addressFormat || 'jp_default',
					country_name: country,
					postal_code: extra.addressPostalCode,
					region: extra.addressRegion,
					locality: extra.addressLocality,
					street_address: extra.addressStreet,
					extended_address: extra.addressExtended,
				},
			]
		: [];

	const contacts: IDataObject[] = [];
	if (organizationName) {
		contacts.push({
			contact_type: 'organization',
			name: organizationName,
			addresses,
			email: null,
			...(extra.organizationPhoneNumber ? { phone_number: extra.organizationPhoneNumber } : {}),
		});
	}
	if (familyName) {
		const person: IDataObject = {
			contact_type: 'person',
			family_name: familyName,
			addresses: organizationName ? [] : addresses,
			email: email ? { address: email } : null,
		};
		if (extra.personGivenName) person.given_name = extra.personGivenName;
		if (extra.personTitle) person.title = extra.personTitle;
		if (extra.personDepartment) person.department = extra.personDepartment;
		if (extra.personPhoneNumber) person.phone_number = extra.personPhoneNumber;
		contacts.push(person);
	}
	return { ...(externalId ? { client_external_id: externalId } : {}), contacts };
}

/** POSTs a new client of the partner and answers it as MakeLeaps returns it. */
export async function createClient(run: RunContext, partnerMid: string, body: IDataObject, i: number): Promise<IDataObject> {
	const answer = await run.transport
		.request('POST', `/api/partner/${partnerMid}/client/`, { body, itemIndex: i, subject: `partner ${partnerMid}` })
		.catch(async (error: unknown) => ({ response: await createdDespite(error, run, partnerMid, body, i) }));
	return answer.response ?? {};
}

/**
 * After a create that may or may not have happened (the transport never repeats it), looks for
 * the client by its external ID: found with the same contacts, the create happened and the item
 * succeeds; otherwise the item fails as uncertain, and later items of the run with the same
 * external ID are not created blindly either.
 */
async function createdDespite(error: unknown, run: RunContext, partnerMid: string, body: IDataObject, i: number) {
	const externalId = body.client_external_id as string | undefined;
	if (!isUncertainWrite(error) || !externalId) throw error;
	const index = run.clientIndex(partnerMid);
	index.forget();
	const found = await index.find(externalId, i).catch(() => []);
	const mine = found.filter((client) => sameContacts(body, client));
	if (mine.length === 1) return mine[0];
	index.markUncertain(externalId);
	error.description = `${error.description ?? ''} No client with Client External ID "${externalId}" and these names was found right after.`.trim();
	throw error;
}

/** Whether a client's contacts (inlined) carry the names of a create body. */
function sameContacts(body: IDataObject, client: IDataObject): boolean {
	const contacts = client.contacts as unknown[];
	return (body.contacts as IDataObject[]).every((wanted) =>
		contacts.some(
			(c) =>
				typeof c === 'object' &&
				c !== null &&
				(c as IDataObject).contact_type === wanted.contact_type &&
				((c as IDataObject).name ?? '') === (wanted.name ?? '') &&
				((c as IDataObject).family_name ?? '') === (wanted.family_name ?? ''),
		),
	);
}

export async function execute(this: IExecuteFunctions, i: number, run: RunContext): Promise<IDataObject> {
	const partnerMid = await run.partnerMid(i);
	return await createClient(run, partnerMid, clientBody(run, i), i);
}

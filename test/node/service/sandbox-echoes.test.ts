/**
 * The sandbox's `credentialEchoes` switch writes the caller's credentials into the texts it names,
 * in the encoding each echo asks, and only there: what the node's scrubbing is tested against.
 */
import axios from 'axios';

import { ENCODINGS } from '../../../sandbox/http/credentialEchoes';
import { startSandbox, type Sandbox } from '../../../sandbox/server';
import { basic } from '../support/bed';

describe('Sandbox: credentialEchoes', () => {
	let sandbox: Sandbox;
	afterEach(async () => await sandbox.close());

	test("a document's note and title, a pickup link's address: each echo as asked, nowhere else", async () => {
		sandbox = await startSandbox({
			clientSecret: 'a~b c+d',
			credentialEchoes: [
				{ what: 'token', into: 'documentNote', as: 'raw' },
				{ what: 'secret', into: 'documentTitle', as: 'form' },
				{ what: 'basic', into: 'pickupLinkUrl', as: 'base64url' },
			],
		});
		const { clientId, clientSecret, partnerMid } = sandbox.credentials;
		const issued = await axios.post(
			`${sandbox.baseUrl}/user/oauth2/token/`,
			'grant_type=client_credentials',
			{ headers: { Authorization: basic(clientId, clientSecret) } },
		);
		const token = String(issued.data.access_token);
		const client = sandbox.seedClient({
			client_external_id: 'C-1',
			contacts: [{ contact_type: 'organization', name: 'Co' }],
		});
		const document = sandbox.seedDocument({
			document_type: 'invoice',
			client: `${sandbox.baseUrl}/api/partner/${partnerMid}/client/${client.mid}/`,
			lineitems: [{ kind: 'simple', description: 'Work', price: '1000', tax_rate: '10' }],
		});
		const link = sandbox.documents.pickupLinks.add(String(document.mid), {
			email: 'a@example.com',
		});
		const get = async (path: string) =>
			(
				await axios.get(`${sandbox.baseUrl}/api/partner/${partnerMid}/${path}`, {
					headers: { Authorization: `Bearer ${token}` },
				})
			).data.response;
		const read = await get(`document/${document.mid}/`);
		expect(read.note).toBe(` (requested by ${token})`);
		expect(read.title).toBe(' (requested by a%7Eb+c%2Bd)');
		const [listed] = await get('document/');
		expect(listed.note).toBe(read.note);
		const [shown] = await get(`document/${document.mid}/pickup-link/`);
		const basicValue = Buffer.from(`${clientId}:${clientSecret}`).toString('base64');
		expect(shown.url).toBe(
			`${sandbox.baseUrl}/pickup/${link.token}/?session=${ENCODINGS.base64url(basicValue)}`,
		);
		// the client, and the stored document, carry nothing
		expect((await get(`client/${client.mid}/`)).client_external_id).toBe('C-1');
		expect(sandbox.documentsOf()[0].note).toBe('');
	});
});

import { recordUrlPattern } from '../../../nodes/MakeLeaps/api/accountPartners';
import { clientPath, clientsPath } from '../../../nodes/MakeLeaps/api/clients';
import { clientContactsPath, contactPath } from '../../../nodes/MakeLeaps/api/contacts';
import { documentPath, documentPdfPath } from '../../../nodes/MakeLeaps/api/documents';
import { sendingOrderPath } from '../../../nodes/MakeLeaps/api/sendingOrders';
import { templatesPath } from '../../../nodes/MakeLeaps/api/templates';

const partner = '1725857643916378083';

describe("MakeLeaps' paths", () => {
	test('every resource under its partner, one record under its list', () => {
		expect(clientsPath(partner)).toBe(`/api/partner/${partner}/client/`);
		expect(clientPath(partner, '17')).toBe(`/api/partner/${partner}/client/17/`);
		expect(clientContactsPath(partner, '17')).toBe(`/api/partner/${partner}/client/17/contact/`);
		expect(contactPath(partner, '18')).toBe(`/api/partner/${partner}/contact/18/`);
		expect(documentPath(partner, '19')).toBe(`/api/partner/${partner}/document/19/`);
		expect(documentPdfPath(partner, '19')).toBe(`/api/partner/${partner}/document/19/pdf/`);
		expect(templatesPath(partner, 'quote')).toBe(`/api/partner/${partner}/template/quote/`);
	});

	test("a picker's URL pattern: a record of its kind on any host, with or without the last slash", () => {
		expect(recordUrlPattern(clientPath)).toBe('^https?://.+/api/partner/[^/]+/client/[^/]+/?$');
		const client = new RegExp(recordUrlPattern(clientPath));
		expect(client.test(`https://api.makeleaps.com/api/partner/${partner}/client/17/`)).toBe(true);
		expect(client.test(`http://localhost:8080/api/partner/${partner}/client/17`)).toBe(true);
		expect(client.test(`https://api.makeleaps.com/api/partner/${partner}/client/`)).toBe(false);
		expect(client.test(`https://api.makeleaps.com/api/partner/${partner}/contact/17/`)).toBe(false);
		const order = new RegExp(recordUrlPattern(sendingOrderPath));
		expect(order.test(`https://api.makeleaps.com/api/partner/${partner}/sending/order/5/`)).toBe(
			true,
		);
	});
});

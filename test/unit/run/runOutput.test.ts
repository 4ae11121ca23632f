import { runOf } from '../../../dev/n8n';

const run = { status: 'success', data: { resultData: { runData: { Start: [{}] } } } };
const printed = JSON.stringify(run, null, 2);

describe("The run in n8n execute's output", () => {
	test('after log lines', () => {
		expect(runOf(`Loading community packages\n{"x" is not JSON\n${printed}\n`)).toEqual(run);
	});

	test('with a log line after it (a task runner registering)', () => {
		expect(runOf(`${printed}\nRegistered runner "JS Task Runner" (abc)\n`)).toEqual(run);
	});

	test('none when there is no run, or it is cut short', () => {
		expect(runOf('Error executing workflow\n')).toBeUndefined();
		expect(runOf(printed.slice(0, -40))).toBeUndefined();
	});
});

// Each end-to-end test starts n8n processes (a few seconds each) and waits for them.
jest.setTimeout(300_000);

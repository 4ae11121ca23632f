// Ordinary TypeScript lint for the sandbox, the tests and the scripts (they are not shipped).
import tseslint from 'typescript-eslint';

export default tseslint.config(...tseslint.configs.recommended, {
	rules: {
		'@typescript-eslint/no-non-null-assertion': 'off',
	},
});

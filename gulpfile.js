// Copies the icons next to the compiled node and credential (tsc copies only .ts/.json).
const { src, dest } = require('gulp');

function buildIcons() {
	return src(['icons/*.svg', 'nodes/**/*.{png,svg}', 'credentials/**/*.{png,svg}'], {
		base: '.',
		encoding: false,
	}).pipe(dest('dist'));
}

exports['build:icons'] = buildIcons;

// Preloaded into a server process (NODE_OPTIONS="--import <this file>", which cluster workers inherit)
// with SWITCHBOARD_PACKAGE_TRACE=<folder>: every npm package a process loads is appended, one name a
// line, to <folder>/<pid>. Tests read it to see what a process of the server runs on.
import { register } from 'node:module';

const folder = process.env.SWITCHBOARD_PACKAGE_TRACE;
if (folder) register(new URL('./package-trace-hooks.mjs', import.meta.url), { data: { folder, pid: process.pid } });

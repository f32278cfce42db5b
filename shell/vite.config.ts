import { defineShellConfig } from '@assessment/build';

export default defineShellConfig({ port: 5173 });

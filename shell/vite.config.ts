import { defineShellConfig } from '@assessment/shared/vite-config';

export default defineShellConfig({ port: 5173 });

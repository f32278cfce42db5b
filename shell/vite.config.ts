import { defineShellConfig } from '@assessment/build';

export default defineShellConfig();

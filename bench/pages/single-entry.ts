// The single bundle starts the shell's app directly, with its sections as lazy chunks of the same
// build: the shell's own entry adds an async boundary and the federated loader, which this build does not have.
import { mountApp } from 'shell/app';
import { loadSection } from './direct-sections.ts';

mountApp(loadSection);

import { mountApp } from './app/mount-app.tsx';
import { loadSection } from './features/sections/remote-loader.ts';

mountApp(loadSection);

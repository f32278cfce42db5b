// The async boundary lets Module Federation settle the shared singletons before any React code runs.
import('./bootstrap.tsx');

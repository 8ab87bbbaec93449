// The browser build's worker: the pure core (ai-arcade-worker), doing the searches the page
// must not wait for. The page starts it as a module worker; it says "Ready" once it listens.
import init from './ai-arcade-worker.js';

init().catch((error) => {
  postMessage([JSON.stringify({ Failed: { error: 'the worker could not start: ' + error } })]);
});

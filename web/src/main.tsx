import { isSignedOutPath } from './app/signedOutPaths';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

const { pathname } = window.location;
// Two apps behind one small entry: the signed-out pages do without the store, the API client and the toasts (a
// third of the scripts). index.html's route preload fetches the chosen app's chunks in parallel with this one.
const app = isSignedOutPath(pathname) ? import('./app/startSignedOut') : import('./app/startApp');
void app.then(({ start }) => start(container, pathname));

// How the public header and pages move to another address. Server-rendered public pages have no
// router in the browser: a plain page load (the server renders the next page). Inside the staff
// app, main.tsx hands over the router, so /login and back stay in the app.
let navigator: (to: string) => void = (to) => window.location.assign(to);

export function setNavigator(go: (to: string) => void) {
  navigator = go;
}

export function navigateTo(to: string) {
  navigator(to);
}

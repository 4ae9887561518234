// A neutral portrait outline for a marriage photo that is missing (inline, so it needs no request).
const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 150"><rect width="120" height="150" fill="#eef3fa"/><circle cx="60" cy="56" r="26" fill="#b8c7dc"/><path d="M16 150c0-30 20-48 44-48s44 18 44 48z" fill="#b8c7dc"/></svg>`;

export const PHOTO_PLACEHOLDER = `data:image/svg+xml,${encodeURIComponent(svg)}`;

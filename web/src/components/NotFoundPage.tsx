// Unknown routes, inside the public layout. Plain elements (public.css): it is part of the public bundle.

export default function NotFoundPage() {
  return (
    <div className="gp-container gp-page" style={{ textAlign: 'center' }}>
      <h1 style={{ fontSize: 32, margin: '24px 0 8px' }}>पृष्ठ सापडले नाही</h1>
      <p className="gp-muted" style={{ marginBottom: 24 }}>
        Page not found (404)
      </p>
      <a href="/" className="gp-btn gp-btn--solid">
        मुख्यपृष्ठावर जा
      </a>
    </div>
  );
}

// A PDF's bytes without what changes with the time it was made (its creation date, in the Info
// dictionary and the XMP metadata, and the file ID made from it): two renders of the same document
// compare equal.
export const timeless = (pdf: Buffer): string =>
  pdf
    .toString('latin1')
    .replace(/\(D:\d{14}Z\)/g, '')
    .replace(/<xmp:\w+Date>[^<]*</g, '')
    .replace(/\/ID \[<\w+> <\w+>\]/, '');

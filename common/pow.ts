// The answers of the public property search when its proof of work (an ALTCHA challenge the browser
// solves, security issue 25) is missing or refused. The server sends them; the search page knows
// them, so it solves a new challenge and asks once more instead of showing them.
export const POW_MESSAGES = {
  missing:
    'ब्राउझरची पडताळणी (proof of work) आवश्यक आहे. कृपया पान पुन्हा उघडा. / The browser check (proof of work) is missing: please reload the page.',
  refused:
    'ब्राउझरची पडताळणी जुनी, आधी वापरलेली किंवा चुकीची आहे. कृपया पुन्हा प्रयत्न करा. / The browser check (proof of work) is expired, already used or wrong: please try again.',
} as const;

/** The query field that carries the solved challenge (base64 JSON, as ALTCHA's widget sends it). */
export const POW_FIELD = 'altcha';

export const isPowRefusal = (message: string) => message === POW_MESSAGES.missing || message === POW_MESSAGES.refused;

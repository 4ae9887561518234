// The Gram Panchayat Portal API as TypeScript types: generated from /api/openapi.json by
// `npm run openapi:types` (openapi-typescript). Do not edit; CI fails when it differs from the contract.
export interface paths {
    "/api/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Portal and database status */
        get: operations["getHealth"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/User/login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Log in; answers a bearer token valid for 2 hours */
        post: operations["login"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/User/logout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Log out: ends the tokens of this account on the server (every session of the account) */
        post: operations["logout"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/User/register": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Create a council account (administrator only) */
        post: operations["registerAccount"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/User/password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Change the password of the logged-in account (staff login only)
         * @description Our addition (issue 25). Every login token of the account ends, this one too: the answer carries a new one. API tokens keep working unless revokeApiTokens is true. A wrong current password answers 403 (the session stays) and counts with the login limit.
         */
        put: operations["changePassword"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/User/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The account of the token */
        get: operations["getCurrentAccount"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Site/profile": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The public site profile (default public council, or ?userId=)
         * @description Public content, no token. Our addition: the spec had this content fixed in the page code.
         */
        get: operations["getSiteProfile"];
        /** Replace the token's council's site profile; with If-Match (its version), 409 when someone saved it since */
        put: operations["updateSiteProfile"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Site/profile/mine": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The token's council's site profile (for the edit screen) */
        get: operations["getMySiteProfile"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Site/setup": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * What the token's council still has to enter, and whether QR codes can reach the portal
         * @description Staff only. Our addition (issue 14): drives the first-run setup and the dashboard notice.
         */
        get: operations["getSiteSetup"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Site/logo": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Upload the office logo (multipart/form-data)
         * @description Part `LogoFile`: a JPEG, PNG or WebP image, checked by content, at most UPLOAD_LIMIT_MB (else 413). Stored as a PNG of at most 256 px; the answer is its path, which PUT /api/Site/profile saves as logoUrl. Our addition (issue 14).
         */
        post: operations["uploadSiteLogo"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Corosal/by-user/{userId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A council's slides in slideshow order (public, no token); new uploads go last */
        get: operations["getCorosalByUser"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Corosal": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Upload one or more slides (multipart/form-data)
         * @description Parts: `ImageFile` (repeat for several images; JPEG, PNG or WebP, checked by content; each at most UPLOAD_LIMIT_MB, default 10 MB, else 413), `BlogContent` (one caption for all images, or one per image in order), `CreatedByUserId` (accepted and ignored: the token's council owns the slides). All or nothing: one bad file and none is kept.
         */
        post: operations["createCorosal"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Corosal/order": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Change the order of your council's slides */
        put: operations["updateCorosalOrder"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Corosal/{corosalId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Delete a slide of your council, and its files */
        delete: operations["deleteCorosal"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Blog/by-user/{userId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A council's news, newest event first (public; a bearer token is accepted and not needed) */
        get: operations["getBlogsByUser"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Blog": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Add a news item */
        post: operations["createBlog"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Blog/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Change a news item of your council; with If-Match (its version), 409 when someone changed it since */
        put: operations["updateBlog"];
        post?: never;
        /** Delete a news item of your council */
        delete: operations["deleteBlog"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/BirthCertificate/paged": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List your council's birth certificates, newest first */
        get: operations["getBirthCertificatesPaged"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/BirthCertificate/next-number": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The registration number the form suggests for a new birth certificate: the latest one plus one, not yet taken (empty when there is none to count on); for a birth also the serial number (अनुक्रमांक), the council's highest plus one */
        get: operations["getBirthCertificateNextNumber"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/BirthCertificate/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read a birth certificate: the public view without a token (Aadhaar masked), the full record with its council's token */
        get: operations["getBirthCertificate"];
        /** Update a birth certificate of your council (fields not sent are kept). With If-Match (the ETag read), 409 when someone changed it since */
        put: operations["updateBirthCertificate"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/BirthCertificate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Register a birth certificate */
        post: operations["createBirthCertificate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/BirthCertificate/GeneratePdf/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Download a birth certificate of your council as PDF */
        get: operations["getBirthCertificatePdf"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/DeathCertificate/paged": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List your council's death certificates, newest first */
        get: operations["getDeathCertificatesPaged"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/DeathCertificate/next-number": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The registration number the form suggests for a new death certificate: the latest one plus one, not yet taken (empty when there is none to count on); for a birth also the serial number (अनुक्रमांक), the council's highest plus one */
        get: operations["getDeathCertificateNextNumber"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/DeathCertificate/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read a death certificate: the public view without a token (Aadhaar masked), the full record with its council's token */
        get: operations["getDeathCertificate"];
        /** Update a death certificate of your council (fields not sent are kept). With If-Match (the ETag read), 409 when someone changed it since */
        put: operations["updateDeathCertificate"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/DeathCertificate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Register a death certificate */
        post: operations["createDeathCertificate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/DeathCertificate/pdf/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Download a death certificate of your council as PDF */
        get: operations["getDeathCertificatePdf"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/ResidenceCertificate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List your council's residence certificates, newest first */
        get: operations["getResidenceCertificatesPaged"];
        put?: never;
        /** Register a residence certificate */
        post: operations["createResidenceCertificate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/ResidenceCertificate/next-number": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The registration number the form suggests for a new residence certificate: the latest one plus one, not yet taken (empty when there is none to count on); for a birth also the serial number (अनुक्रमांक), the council's highest plus one */
        get: operations["getResidenceCertificateNextNumber"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/ResidenceCertificate/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read a residence certificate: the public view without a token (Aadhaar masked), the full record with its council's token */
        get: operations["getResidenceCertificate"];
        /** Update a residence certificate of your council (fields not sent are kept). With If-Match (the ETag read), 409 when someone changed it since */
        put: operations["updateResidenceCertificate"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/ResidenceCertificate/pdf/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Download a residence certificate of your council as PDF */
        get: operations["getResidenceCertificatePdf"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/MarriageCertificate/paged": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List your council's marriage certificates, newest first */
        get: operations["getMarriageCertificatesPaged"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/MarriageCertificate/next-number": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The registration number the form suggests for a new marriage certificate: the latest one plus one, not yet taken (empty when there is none to count on); for a birth also the serial number (अनुक्रमांक), the council's highest plus one */
        get: operations["getMarriageCertificateNextNumber"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/MarriageCertificate/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read a marriage certificate: the public view without a token (Aadhaar masked), the full record with its council's token */
        get: operations["getMarriageCertificate"];
        /**
         * Update a marriage certificate of your council (fields not sent are kept). With If-Match (the ETag read), 409 when someone changed it since
         * @description multipart/form-data: every field as a text part, and the photos husbandPhoto, wifePhoto, witness1Photo..witness3Photo (JPEG, PNG or WebP by content, at most 600 KB each; husband and wife photos required on create, kept on update when not sent). A JSON body is accepted too (without photos).
         */
        put: operations["updateMarriageCertificate"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/MarriageCertificate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Register a marriage certificate
         * @description multipart/form-data: every field as a text part, and the photos husbandPhoto, wifePhoto, witness1Photo..witness3Photo (JPEG, PNG or WebP by content, at most 600 KB each; husband and wife photos required on create, kept on update when not sent). A JSON body is accepted too (without photos).
         */
        post: operations["createMarriageCertificate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/MarriageCertificate/GeneratePdf/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Download a marriage certificate of your council as PDF */
        get: operations["getMarriageCertificatePdf"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/captcha": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A new captcha: its id and a picture of 5 characters (A–Z and 2–9 without I and O), valid 5 minutes, usable once (rate-limited per address) */
        get: operations["getCaptcha"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/public/pow": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A proof-of-work challenge (ALTCHA v2, SHA-256) for the public property search: solve it and send the solution as `altcha` with one autocomplete or one search; valid 10 minutes, once (rate-limited per address)
         * @description Find the counter (a 32-bit big-endian integer appended to `nonce`) whose SHA-256 of `salt` + `nonce` + counter starts with `keyPrefix`, then send `altcha` = base64 of JSON `{ "challenge": <this result>, "solution": { "counter": n, "derivedKey": "<hex>" } }` (altcha-lib’s `solveChallenge` does it). The challenge belongs to the public council and takes a browser about half a second.
         */
        get: operations["getPublicPowChallenge"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/TaxRates": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The council's assessment rates (the defaults until it saves its own), with the legal band of each tax rate */
        get: operations["getTaxRates"];
        /** Saves the council's assessment rates (the parts sent; the rest keep theirs); a tax rate outside its legal band is refused. With If-Match (the version read; "0" before the first save), 409 when someone saved since */
        put: operations["updateTaxRates"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/TaxRates/revision": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A general revision (rule 17, every four years): every property assessed again with the rates in force from a tax year
         * @description Each property’s annual tax old → new and the totals. A dry run writes nothing; applying it writes a version of every assessment from that year and records the revision. Our addition (issue 26).
         */
        post: operations["reviseAssessments"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/GrampanchayatImport/register-owner-property": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Registers a property with its owner; the assessment (Namuna 8 columns) is computed from the council’s rates */
        post: operations["registerOwnerProperty"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Properties/paged": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The council’s properties with their active owners, newest first, paged and searchable */
        get: operations["getPropertiesPaged"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/OwnerProperty/GetByMalmatta/{malmattaNo}/{userId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A property of the council by its number, as a one-item list (the spec’s client reads the first) */
        get: operations["getPropertyByMalmatta"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/OwnerProperty/OwnersWithProperties": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Owners with their properties (the admin cards), paged, filtered by owner name and property number */
        get: operations["getOwnersWithProperties"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/OwnerProperty/UpdateOwner": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Corrects the active owner’s name, occupier or mobile, only the fields sent (PUT or POST; the owner id in the body or the path). With If-Match (the row’s ownerVersion), 409 when someone changed the owner since */
        put: operations["updateOwner"];
        /** Corrects the active owner’s name, occupier or mobile, only the fields sent (PUT or POST; the owner id in the body or the path). With If-Match (the row’s ownerVersion), 409 when someone changed the owner since */
        post: operations["updateOwnerPost"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/OwnerProperty/UpdateOwner/{ownerId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Corrects the active owner’s name, occupier or mobile, only the fields sent (PUT or POST; the owner id in the body or the path). With If-Match (the row’s ownerVersion), 409 when someone changed the owner since */
        put: operations["updateOwnerById"];
        /** Corrects the active owner’s name, occupier or mobile, only the fields sent (PUT or POST; the owner id in the body or the path). With If-Match (the row’s ownerVersion), 409 when someone changed the owner since */
        post: operations["updateOwnerByIdPost"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/OwnerProperty/UpdateProperty": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Changes a property’s recorded facts, only the fields sent (PUT or POST). A change of what the tax follows from (type, use, year, areas, own land rate) makes a new assessment from the tax year applyFrom names; a description, number or remark never touches tax. With If-Match (the row’s version), 409 when someone changed the property since */
        put: operations["updateProperty"];
        /** Changes a property’s recorded facts, only the fields sent (PUT or POST). A change of what the tax follows from (type, use, year, areas, own land rate) makes a new assessment from the tax year applyFrom names; a description, number or remark never touches tax. With If-Match (the row’s version), 409 when someone changed the property since */
        post: operations["updatePropertyPost"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/GrampanchayatImport/template.xlsx": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The import template (.xlsx) with Marathi headers */
        get: operations["getPropertyImportTemplate"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/GrampanchayatImport/excel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Imports the register from an .xlsx (multipart, one file): reports every bad row; writes nothing unless all are good; a second import of the same file changes nothing
         * @description The first sheet is read: at most 20,000 rows under its header line, a part of the workbook unpacking to at most 64 MB (the sheet's XML), 128 MB in all and 100 times the file's size, in at most 1,000 parts; checked in the zip directory before the workbook is read and again while it is read, a 400 in Marathi then English naming the limit beyond. The file itself is at most UPLOAD_LIMIT_MB (default 10 MB, else 413). One workbook is read at a time and one more waits; a further one answers 503 with Retry-After.
         */
        post: operations["importProperties"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/GrampanchayatImport/namuna8-pdf": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The Namuna 8 extract of one property as a PDF (A4 landscape), file name Number8_{malmattaNo}.pdf */
        get: operations["getNamuna8Pdf"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/public/properties/suggest": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Autocomplete of the public property search: at most 10 property numbers with their owner names, after a proof of work (limited per address and per council) */
        get: operations["suggestPublicProperties"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/public/properties/{malmattaNo}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A property of the public council with its outstanding tax, after a captcha and a proof of work (limited per address and per council) */
        get: operations["getPublicProperty"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/public/property-certificate/{malmattaNo}/{userId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The public property tax certificate (spec 2.9) the Namuna 8 QR code opens; a one-item list (limited per address and per council) */
        get: operations["getPropertyCertificate"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/PropertyTransfer/add": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Records a transfer (ferfar): the new owner becomes the active one, the old owner record is kept, marked replaced */
        post: operations["addPropertyTransfer"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/PropertyTransfer/get-by-ferfar": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A transfer by its ferfar number */
        get: operations["getPropertyTransferByFerfar"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/PropertyTransfer/history": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The ownership history of a property, newest first, with its transfers */
        get: operations["getOwnershipHistory"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/KarImport/details-by-owner": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The kar record of the owner’s property as a one-item list (empty when it has none) */
        get: operations["getKarDetailsByOwner"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/KarImport/kar-details/add": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Starts the kar record of a registered property: arrears as entered (once), the current demand from its assessment */
        post: operations["addKarDetails"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/KarImport/apply-payment-simple": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Takes a payment: per head at most what is due, arrears first; a Namuna 10 receipt number of the financial year. Send an Idempotency-Key header: a repeat with the same key answers the first payment and takes nothing more. */
        post: operations["applyPayment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/KarImport/collection-summary": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** This tax year’s demand and collection per head and the collections of each month (the dashboard’s chart) */
        get: operations["getCollectionSummary"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/KarImport/payment-history": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Payments on the owner’s property, newest first, one row per head paid */
        get: operations["getPaymentHistory"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/KarImport/receipt-pdf/{paymentId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The Namuna 10 receipt of a payment (PDF) */
        get: operations["getReceiptPdf"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/KarImport/magani-pdf": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The Namuna 9 demand bill of the owner’s property (PDF): per head arrears, current and total, the last payments */
        get: operations["getMaganiPdf"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/OwnerProperty/KarDetails/Sorted": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The council’s kar records, paged, sorted by grand total (ASC/DESC) or in register order, with the totals of every column */
        get: operations["getKarDetailsSorted"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/OwnerProperty/KarDetails": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The council’s kar records, paged, sorted by grand total (ASC/DESC) or in register order, with the totals of every column */
        get: operations["getKarDetails"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/OwnerProperty/KarDetails/excel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The whole tax list in the chosen sort as an .xlsx (streamed), kar-details-{yyyy-mm-dd}.xlsx */
        get: operations["getKarDetailsExcel"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/KarImport/recalc-by-user/{userId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The yearly rollover: raises the demand of every tax year the kar records are behind (each from the assessment in force on 1 April of that year, oldest first); unpaid demand becomes arrears
         * @description With dryRun=true nothing is written: the answer says how many properties and what demand it would raise, per year, for the screen’s confirmation. With nothing to raise it answers 409 and records nothing. The spec ran it once per calendar year; here a year is April–March.
         */
        post: operations["recalcTaxByUser"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Properties/due": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Properties whose depreciation (ghasara) factor has not been updated this calendar year */
        post: operations["getPropertiesDue"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Properties/ghasara-status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The depreciation screen’s status: the year, how many are due, and whether this year’s update has run */
        get: operations["getGhasaraStatus"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Properties/decrease-ghasara": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Moves every due property’s depreciation factor to the one for its age and recomputes its tax and current demand, in one call; once per calendar year */
        post: operations["decreaseGhasaraAll"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Properties/{id}/decrease-ghasara": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** The depreciation update of one property (the earlier client calls it once per property) */
        post: operations["decreaseGhasara"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/public/receipt/{receiptId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The receipt check a receipt’s QR code opens: only its number, date, amount and property number */
        get: operations["getPublicReceipt"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/KarImport/adjustment": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A remission (waiver by resolution) or a correction of one head and tax year of a property’s demand, as an entry
         * @description Nothing is edited: the entry carries the reason, the order or resolution number and who made it. A correction that lowers a year below what was paid of it moves the difference to the property’s advance (आगाऊ जमा).
         */
        post: operations["adjustTax"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/KarImport/payment/{paymentId}/reverse": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Cancels a receipt (a bounced cheque): its number stays used, marked cancelled with the reason, and what it paid is owed again */
        post: operations["reversePayment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/KarImport/ledger": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every entry of the owner’s property in the books, oldest first, and its balance per head (arrears, current), advance and total */
        get: operations["getTaxLedger"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/KarImport/namuna9": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Namuna 9, the demand register of the village for a tax year: per property and head, arrears, demand, collections, remissions, balance
         * @description arrears: owed at the start of the year (entries before it); current: demand and corrections booked in the year (a missed year raised late counts in the year it was raised); collections split by the part they paid; balance = arrears + current - collections - remissions. totals (the whole village, every page) agree with the DCB of the year.
         */
        get: operations["getNamuna9"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/KarImport/namuna9-pdf": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Namuna 9 of a tax year as a PDF (A4 landscape, the register’s columns, every page totalled) */
        get: operations["getNamuna9Pdf"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/KarImport/namuna9/excel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Namuna 9 of a tax year as an .xlsx, streamed */
        get: operations["getNamuna9Excel"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/KarImport/dcb": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Demand, collection, balance of a tax year per head: closing = openingArrears + currentDemand - collectedArrears - collectedCurrent - remitted */
        get: operations["getDcb"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Sms/balance": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Credits left at the configured gateway (read by the server, kept for a minute) */
        get: operations["getSmsBalance"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Sms/templates": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The council’s notice templates, with the DLT variables each must keep */
        get: operations["getSmsTemplates"];
        /** Saves the wording of one notice; it must keep each DLT variable exactly once. With If-Match (that kind’s version; "0" for the default wording), 409 when someone saved it since */
        put: operations["updateSmsTemplate"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Sms/preview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** The message as it will go out, its length and segments, and how many mobiles get it */
        post: operations["previewSms"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Sms/gramsabha": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Queues the gram sabha notice to every distinct active owner mobile of the council */
        post: operations["sendGramsabhaSms"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Sms/dues": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Queues a dues notice (property number and amount) to each owner with an outstanding total above zero */
        post: operations["sendDuesSms"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Sms/batches": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The council’s batches, newest first, with counts per status */
        get: operations["getSmsBatches"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Sms/batches/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One batch with each message and its status */
        get: operations["getSmsBatch"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Sms/batches/{id}/retry": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Queues the failed messages of a batch again */
        post: operations["retrySmsBatch"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Sms/delivery/msg91": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** MSG91 delivery report webhook (JSON, v3 or the new webhook): marks a sent message delivered or failed */
        post: operations["receiveMsg91Delivery"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/ApiTokens": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Your council's API tokens, newest first, without their secrets (staff login only) */
        get: operations["getApiTokens"];
        put?: never;
        /** Make an API token for your council (staff login only); the answer holds the secret, shown once */
        post: operations["createApiToken"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/ApiTokens/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Revoke an API token of your council: the next request carrying it is refused (staff login only) */
        delete: operations["revokeApiToken"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Audit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Your council's audit trail, newest first: who changed what, when, from where (staff login only)
         * @description Every create, update and delete of a register record, every payment, login, backup and restore appends one row; the rows can never be changed or removed (the database refuses it). Filter by entity and entityId for one record’s history.
         */
        get: operations["getAudit"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Backups": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The backups kept in DATA_DIR/backups, newest first, with the disk’s free space (the operator’s login only) */
        get: operations["getBackups"];
        put?: never;
        /** Make a backup now (the operator’s login only); answers when the file is written */
        post: operations["createBackup"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Backups/{name}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One backup file, to copy onto a pen drive (the operator’s login only) */
        get: operations["downloadBackup"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Reconciliation/statement": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Reads a bank statement (multipart field file: CSV or XLSX) and matches its credits to bills and properties; applies them as receipts when dryRun=false
         * @description Columns are found from the usual Indian bank headers (Date / Txn Date / Value Date, Narration / Description / Particulars, Ref No. / Chq. No. / UTR, Deposit / Credit / Cr Amount) or given as `columns`, a JSON object {"date","narration","reference","credit"} of header names or 1-based column numbers. A credit is matched by the bill number in its narration, else by a property number in it with exactly the amount due; never by amount alone. Applying takes each matched credit as an online Namuna 10 receipt dated the day of the credit with the bank reference on it (above the dues: advance; below: the rest stays due), 100 credits per transaction; the same bank reference is never taken twice. Unmatched credits are kept for POST /api/Reconciliation/match.
         */
        post: operations["importBankStatement"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Reconciliation/match": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Assigns an unmatched credit to a property by hand: the receipt, as an import would make it */
        post: operations["matchBankCredit"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Reconciliation/unmatched": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The imported credits that named no property, oldest first, a page at a time */
        get: operations["listUnmatchedCredits"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/Districts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Group councils into a district (the portal’s operator only); a council belongs to one district at most */
        post: operations["createDistrict"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/District/summary": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A district account’s totals per council and for the district: properties, the tax year’s demand, collection, balance, certificates, SMS */
        get: operations["getDistrictSummary"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/SigningKey": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The council's PDF signing key (a self-issued one is made on first use); nothing secret */
        get: operations["getSigningKey"];
        put?: never;
        /**
         * Replaces the council's signing key with a PKCS#12 file (.p12 / .pfx, e.g. a Class 3 DSC): multipart with `file` and `password`
         * @description The key is stored encrypted (SIGNING_KEY_SECRET); earlier keys are kept so the documents they signed still verify. A wrong password, a file without a key or an expired certificate answers 400 in Marathi then English.
         */
        post: operations["uploadSigningKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/public/verify": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Checks a PDF the portal signed (multipart field `file`): genuine, or why not
         * @description Genuine when the signature is valid over the whole file, made with a key the issuing council has had, and the record still has the content it was signed with. Limited per client address a minute and per council an hour (PUBLIC_VERIFY_*_LIMIT).
         */
        post: operations["verifySignedPdf"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        ErrorEnvelope: {
            /** @enum {boolean} */
            isSuccess: false;
            message: string;
            /** @enum {object|null} */
            result: never | null;
        };
    };
    responses: {
        /** @description A value is missing or wrong; the message names the field. Also a malformed body or control characters. */
        BadRequest: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "isSuccess": false,
                 *       "message": "pageSize: must be <= 100",
                 *       "result": null
                 *     }
                 */
                "application/json": components["schemas"]["ErrorEnvelope"];
            };
        };
        /** @description No token, or the token is invalid, expired, revoked or logged out (on login: a wrong name or password). */
        Unauthorized: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "isSuccess": false,
                 *       "message": "Please log in: this needs a staff login.",
                 *       "result": null
                 *     }
                 */
                "application/json": components["schemas"]["ErrorEnvelope"];
            };
        };
        /** @description The token may not do this: an administrator’s action, or an API token without the scope it needs. */
        Forbidden: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "isSuccess": false,
                 *       "message": "Only an administrator account can do this.",
                 *       "result": null
                 *     }
                 */
                "application/json": components["schemas"]["ErrorEnvelope"];
            };
        };
        /** @description No such record in the token’s council (another council’s record is not found either). */
        NotFound: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "isSuccess": false,
                 *       "message": "No such property in this council’s register.",
                 *       "result": null
                 *     }
                 */
                "application/json": components["schemas"]["ErrorEnvelope"];
            };
        };
        /** @description The record changed since it was read (If-Match names an older version), a number already taken, or an Idempotency-Key used for another payment. The message says which and what to do. */
        Conflict: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "isSuccess": false,
                 *       "message": "Someone else changed this record after you opened it. Reload it to see their changes, then make yours again.",
                 *       "result": null
                 *     }
                 */
                "application/json": components["schemas"]["ErrorEnvelope"];
            };
        };
        /** @description The body or an uploaded file is over the limit. */
        PayloadTooLarge: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "isSuccess": false,
                 *       "message": "The upload is too large.",
                 *       "result": null
                 *     }
                 */
                "application/json": components["schemas"]["ErrorEnvelope"];
            };
        };
        /** @description A path parameter is longer than 100 characters. */
        URITooLong: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "isSuccess": false,
                 *       "message": "A part of the address is too long: at most 100 characters between two slashes.",
                 *       "result": null
                 *     }
                 */
                "application/json": components["schemas"]["ErrorEnvelope"];
            };
        };
        /** @description The body is not JSON (or multipart/form-data where the operation says so). */
        UnsupportedMediaType: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "isSuccess": false,
                 *       "message": "Unsupported content type.",
                 *       "result": null
                 *     }
                 */
                "application/json": components["schemas"]["ErrorEnvelope"];
            };
        };
        /** @description Over the rate limit (per token, or per address on public searches and login). Wait Retry-After seconds. */
        TooManyRequests: {
            headers: {
                "Retry-After": components["headers"]["RetryAfter"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "isSuccess": false,
                 *       "message": "Too many requests. Please wait a moment and try again.",
                 *       "result": null
                 *     }
                 */
                "application/json": components["schemas"]["ErrorEnvelope"];
            };
        };
        /** @description Something failed on the server; details are in its log only. */
        InternalError: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "isSuccess": false,
                 *       "message": "Something went wrong on the server. Please try again; if it persists, tell the administrator.",
                 *       "result": null
                 *     }
                 */
                "application/json": components["schemas"]["ErrorEnvelope"];
            };
        };
        /** @description The SMS gateway did not answer as expected. */
        BadGateway: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "isSuccess": false,
                 *       "message": "SMS शिल्लक मिळाली नाही / Could not read the SMS balance: timeout",
                 *       "result": null
                 *     }
                 */
                "application/json": components["schemas"]["ErrorEnvelope"];
            };
        };
        /** @description The server is at its limit for this kind of work (password checks, image processing), or its database is not answering. Retry after Retry-After seconds. */
        ServiceUnavailable: {
            headers: {
                "Retry-After": components["headers"]["RetryAfter"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "isSuccess": false,
                 *       "message": "The server is busy checking other logins. Please try again in a few seconds.",
                 *       "result": null
                 *     }
                 */
                "application/json": components["schemas"]["ErrorEnvelope"];
            };
        };
    };
    parameters: never;
    requestBodies: never;
    headers: {
        /** @description Seconds to wait before trying again. */
        RetryAfter: number;
    };
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    getHealth: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK: the envelope with the result */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "isSuccess": true,
                     *       "message": "ok",
                     *       "result": {
                     *         "database": "up",
                     *         "databaseKind": "postgresql",
                     *         "uptimeSeconds": 86400
                     *       }
                     *     }
                     */
                    "application/json": {
                        isSuccess: boolean;
                        message: string;
                        result: {
                            database: string;
                            databaseKind: string;
                            uptimeSeconds: number;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    login: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "username": "gp_pimpalgaon",
                 *       "password": "Pimpalgaon-2026"
                 *     }
                 */
                "application/json": {
                    /** @description Account name */
                    username: string;
                    password: string;
                };
            };
        };
        responses: {
            /** @description OK: the envelope with the result */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "isSuccess": true,
                     *       "message": "Login successful",
                     *       "result": {
                     *         "userName": "gp_pimpalgaon",
                     *         "userId": 3,
                     *         "token": "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIzIn0.c2lnbmF0dXJl"
                     *       },
                     *       "userName": "gp_pimpalgaon",
                     *       "userId": 3,
                     *       "token": "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIzIn0.c2lnbmF0dXJl"
                     *     }
                     */
                    "application/json": {
                        isSuccess: boolean;
                        message: string;
                        result: {
                            userName: string;
                            userId: number;
                            token: string;
                            /** @description district: the account reads /api/District/summary only */
                            role?: "council" | "district";
                        };
                        userName: string;
                        userId: number;
                        token: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    logout: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK: the envelope with the result */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        isSuccess: boolean;
                        message: string;
                        /** @enum {object|null} */
                        result: never | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    registerAccount: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    username: string;
                    email: string;
                    password: string;
                    /** @default false */
                    isAdmin?: boolean;
                    /**
                     * @description district: an account that reads one district’s totals only (made by the portal’s operator, with districtId)
                     * @default council
                     */
                    role?: "council" | "district";
                    /** @description The district of a district account */
                    districtId?: number;
                };
            };
        };
        responses: {
            /** @description Created: the envelope with the new record */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        isSuccess: boolean;
                        message: string;
                        result: {
                            userId: number;
                            userName: string;
                            email: string | null;
                            isAdmin: boolean;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    changePassword: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The password the staff member logs in with now */
                    currentPassword: string;
                    /** @description At least 10 characters with a letter and a digit; not a common password */
                    newPassword: string;
                    /**
                     * @description Also revoke every API token of the council still in use (programs' keys; a password change does not end them otherwise)
                     * @default false
                     */
                    revokeApiTokens?: boolean;
                };
            };
        };
        responses: {
            /** @description OK: the envelope with the result */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        isSuccess: boolean;
                        message: string;
                        result: {
                            userId: number;
                            userName: string;
                            /** @description A new login token: the one the request came with no longer works */
                            token: string;
                            /** @description API tokens revoked with the change (0 unless revokeApiTokens) */
                            revokedApiTokens: number;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getCurrentAccount: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK: the envelope with the result */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        isSuccess: boolean;
                        message: string;
                        result: {
                            userId: number;
                            userName: string;
                            email: string | null;
                            isAdmin: boolean;
                            /** @description The portal’s operator (the administrator ADMIN_USERNAME names): the backups are its alone */
                            isOperator: boolean;
                            role?: "council" | "district";
                            districtId?: number | null;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getSiteProfile: {
        parameters: {
            query?: {
                userId?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK: the envelope with the result */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        isSuccess: boolean;
                        message: string;
                        result: {
                            createdByUserId: number;
                            /** @description Moves up on every save (0: never saved); send it back as If-Match on PUT */
                            version: number;
                            /** @description Marathi name; empty until the office enters it */
                            officeName: string;
                            officeNameEnglish: string;
                            /** @description Taluka (block), Marathi */
                            block: string;
                            blockEnglish: string;
                            /** @description District, Marathi */
                            district: string;
                            districtEnglish: string;
                            address: string;
                            /** @description PIN code: 6 digits, or empty */
                            postalCode: string;
                            phone: string;
                            email: string;
                            /** @description https:// address or a path on this site; empty for the built-in emblem */
                            logoUrl: string;
                            facebookUrl: string;
                            twitterUrl: string;
                            instagramUrl: string;
                            upiId: string;
                            upiPayeeName: string;
                            /** @description Degrees; null when not set */
                            latitude: number | null;
                            /** @description Degrees; null when not set */
                            longitude: number | null;
                            summary: string;
                            stats: {
                                /** @description population, families, farmland, schools, anganwadis, … */
                                key?: string;
                                /** @description e.g. लोकसंख्या */
                                label: string;
                                /** @description e.g. 2,500+ */
                                value: string;
                            }[];
                            facilities: string[];
                            schools: {
                                name: string;
                                /** @description Principal of a school, supervisor (sevika) of an anganwadi */
                                head: string;
                                /** @description Students or children */
                                children: number;
                                /** @description Teachers or staff */
                                teachers: number;
                            }[];
                            anganwadis: {
                                name: string;
                                /** @description Principal of a school, supervisor (sevika) of an anganwadi */
                                head: string;
                                /** @description Students or children */
                                children: number;
                                /** @description Teachers or staff */
                                teachers: number;
                            }[];
                            schemes: {
                                title: string;
                                description: string;
                                /** @description Short label on the card */
                                badge: string;
                                /**
                                 * @description Category of the beneficiary filter (the filter adds All)
                                 * @enum {unknown}
                                 */
                                beneficiary: "Farmer" | "Student" | "Women" | "Senior" | "General" | "Business";
                                details: string;
                                eligibility: string[];
                                benefits: string[];
                            }[];
                            committees: {
                                name: string;
                                chairperson: string;
                                viceChairperson: string;
                                members: string[];
                                responsibilities: string[];
                            }[];
                            services: {
                                title: string;
                                description: string;
                            }[];
                            /** Format: date-time */
                            updatedAt: string;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    updateSiteProfile: {
        parameters: {
            query?: never;
            header?: {
                /** @description The ETag the record was read with ("3"): if someone changed it since, 409 and nothing is written. Without it the fields sent are applied to the newest record. */
                "if-match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Marathi name, e.g. ग्रामपंचायत कार्यालय, … */
                    officeName: string;
                    officeNameEnglish: string;
                    /** @description Taluka (block), Marathi */
                    block: string;
                    blockEnglish: string;
                    /** @description District, Marathi */
                    district: string;
                    districtEnglish: string;
                    address: string;
                    /** @description PIN code: 6 digits, or empty */
                    postalCode: string;
                    phone: string;
                    email: string;
                    /** @description https:// address or a path on this site; empty for the built-in emblem */
                    logoUrl: string;
                    /** @description The office's Facebook page, https://…; empty: no icon */
                    facebookUrl?: string;
                    /** @description The office's X (Twitter) account, https://…; empty: no icon */
                    twitterUrl?: string;
                    /** @description The office's Instagram account, https://…; empty: no icon */
                    instagramUrl?: string;
                    /** @description The panchayat bank account's UPI id (VPA), name@handle; empty: no UPI QR */
                    upiId?: string;
                    /** @description The payee name UPI apps show; empty: the office name */
                    upiPayeeName?: string;
                    /** @description Degrees; null when not set */
                    latitude: number | null;
                    /** @description Degrees; null when not set */
                    longitude: number | null;
                    summary: string;
                    stats: {
                        /** @description population, families, farmland, schools, anganwadis, … */
                        key?: string;
                        /** @description e.g. लोकसंख्या */
                        label: string;
                        /** @description e.g. 2,500+ */
                        value: string;
                    }[];
                    facilities: string[];
                    schools: {
                        name: string;
                        /** @description Principal of a school, supervisor (sevika) of an anganwadi */
                        head: string;
                        /** @description Students or children */
                        children: number;
                        /** @description Teachers or staff */
                        teachers: number;
                    }[];
                    anganwadis: {
                        name: string;
                        /** @description Principal of a school, supervisor (sevika) of an anganwadi */
                        head: string;
                        /** @description Students or children */
                        children: number;
                        /** @description Teachers or staff */
                        teachers: number;
                    }[];
                    schemes: {
                        title: string;
                        description: string;
                        /** @description Short label on the card */
                        badge: string;
                        /**
                         * @description Category of the beneficiary filter (the filter adds All)
                         * @enum {unknown}
                         */
                        beneficiary: "Farmer" | "Student" | "Women" | "Senior" | "General" | "Business";
                        details: string;
                        eligibility: string[];
                        benefits: string[];
                    }[];
                    committees: {
                        name: string;
                        chairperson: string;
                        viceChairperson: string;
                        members: string[];
                        responsibilities: string[];
                    }[];
                    services: {
                        title: string;
                        description: string;
                    }[];
                    version?: number;
                };
            };
        };
        responses: {
            /** @description OK: the envelope with the result */
            200: {
                headers: {
                    /** @description The record’s version in quotes ("3"); send it back as If-Match on PUT */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        isSuccess: boolean;
                        message: string;
                        result: {
                            createdByUserId: number;
                            /** @description Moves up on every save (0: never saved); send it back as If-Match on PUT */
                            version: number;
                            /** @description Marathi name; empty until the office enters it */
                            officeName: string;
                            officeNameEnglish: string;
                            /** @description Taluka (block), Marathi */
                            block: string;
                            blockEnglish: string;
                            /** @description District, Marathi */
                            district: string;
                            districtEnglish: string;
                            address: string;
                            /** @description PIN code: 6 digits, or empty */
                            postalCode: string;
                            phone: string;
                            email: string;
                            /** @description https:// address or a path on this site; empty for the built-in emblem */
                            logoUrl: string;
                            facebookUrl: string;
                            twitterUrl: string;
                            instagramUrl: string;
                            upiId: string;
                            upiPayeeName: string;
                            /** @description Degrees; null when not set */
                            latitude: number | null;
                            /** @description Degrees; null when not set */
                            longitude: number | null;
                            summary: string;
                            stats: {
                                /** @description population, families, farmland, schools, anganwadis, … */
                                key?: string;
                                /** @description e.g. लोकसंख्या */
                                label: string;
                                /** @description e.g. 2,500+ */
                                value: string;
                            }[];
                            facilities: string[];
                            schools: {
                                name: string;
                                /** @description Principal of a school, supervisor (sevika) of an anganwadi */
                                head: string;
                                /** @description Students or children */
                                children: number;
                                /** @description Teachers or staff */
                                teachers: number;
                            }[];
                            anganwadis: {
                                name: string;
                                /** @description Principal of a school, supervisor (sevika) of an anganwadi */
                                head: string;
                                /** @description Students or children */
                                children: number;
                                /** @description Teachers or staff */
                                teachers: number;
                            }[];
                            schemes: {
                                title: string;
                                description: string;
                                /** @description Short label on the card */
                                badge: string;
                                /**
                                 * @description Category of the beneficiary filter (the filter adds All)
                                 * @enum {unknown}
                                 */
                                beneficiary: "Farmer" | "Student" | "Women" | "Senior" | "General" | "Business";
                                details: string;
                                eligibility: string[];
                                benefits: string[];
                            }[];
                            committees: {
                                name: string;
                                chairperson: string;
                                viceChairperson: string;
                                members: string[];
                                responsibilities: string[];
                            }[];
                            services: {
                                title: string;
                                description: string;
                            }[];
                            /** Format: date-time */
                            updatedAt: string;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getMySiteProfile: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK: the envelope with the result */
            200: {
                headers: {
                    /** @description The record’s version in quotes ("3"); send it back as If-Match on PUT */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        isSuccess: boolean;
                        message: string;
                        result: {
                            createdByUserId: number;
                            /** @description Moves up on every save (0: never saved); send it back as If-Match on PUT */
                            version: number;
                            /** @description Marathi name; empty until the office enters it */
                            officeName: string;
                            officeNameEnglish: string;
                            /** @description Taluka (block), Marathi */
                            block: string;
                            blockEnglish: string;
                            /** @description District, Marathi */
                            district: string;
                            districtEnglish: string;
                            address: string;
                            /** @description PIN code: 6 digits, or empty */
                            postalCode: string;
                            phone: string;
                            email: string;
                            /** @description https:// address or a path on this site; empty for the built-in emblem */
                            logoUrl: string;
                            facebookUrl: string;
                            twitterUrl: string;
                            instagramUrl: string;
                            upiId: string;
                            upiPayeeName: string;
                            /** @description Degrees; null when not set */
                            latitude: number | null;
                            /** @description Degrees; null when not set */
                            longitude: number | null;
                            summary: string;
                            stats: {
                                /** @description population, families, farmland, schools, anganwadis, … */
                                key?: string;
                                /** @description e.g. लोकसंख्या */
                                label: string;
                                /** @description e.g. 2,500+ */
                                value: string;
                            }[];
                            facilities: string[];
                            schools: {
                                name: string;
                                /** @description Principal of a school, supervisor (sevika) of an anganwadi */
                                head: string;
                                /** @description Students or children */
                                children: number;
                                /** @description Teachers or staff */
                                teachers: number;
                            }[];
                            anganwadis: {
                                name: string;
                                /** @description Principal of a school, supervisor (sevika) of an anganwadi */
                                head: string;
                                /** @description Students or children */
                                children: number;
                                /** @description Teachers or staff */
                                teachers: number;
                            }[];
                            schemes: {
                                title: string;
                                description: string;
                                /** @description Short label on the card */
                                badge: string;
                                /**
                                 * @description Category of the beneficiary filter (the filter adds All)
                                 * @enum {unknown}
                                 */
                                beneficiary: "Farmer" | "Student" | "Women" | "Senior" | "General" | "Business";
                                details: string;
                                eligibility: string[];
                                benefits: string[];
                            }[];
                            committees: {
                                name: string;
                                chairperson: string;
                                viceChairperson: string;
                                members: string[];
                                responsibilities: string[];
                            }[];
                            services: {
                                title: string;
                                description: string;
                            }[];
                            /** Format: date-time */
                            updatedAt: string;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getSiteSetup: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK: the envelope with the result */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        isSuccess: boolean;
                        message: string;
                        result: {
                            /** @description Every required setup field is filled */
                            complete: boolean;
                            /** @description Required setup fields still empty (common/site-setup.ts) */
                            missing: string[];
                            /** @description Optional setup fields still empty */
                            missingOptional: string[];
                            /** @description The address certificate QR codes point at (PUBLIC_BASE_URL) */
                            publicBaseUrl: string;
                            /** @description PUBLIC_BASE_URL is set in the environment */
                            publicBaseUrlSet: boolean;
                            /** @description The address names this computer (localhost): QR codes will not open on a phone */
                            publicBaseUrlLocal: boolean;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    uploadSiteLogo: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Created: the envelope with the new record */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "isSuccess": true,
                     *       "message": "Logo uploaded",
                     *       "result": {
                     *         "logoUrl": "/uploads/site/logo-5e0c1f9a2b3d4c6e.png"
                     *       }
                     *     }
                     */
                    "application/json": {
                        isSuccess: boolean;
                        message: string;
                        result: {
                            /** @description Path of the stored logo under /uploads/site/; save it as the profile's logoUrl */
                            logoUrl: string;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getCorosalByUser: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                userId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK: the envelope with the result */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "isSuccess": true,
                     *       "message": "Success",
                     *       "result": [
                     *         {
                     *           "corosalId": 7,
                     *           "imagePath": "/uploads/carousel/3f2a9c1e5b7d4e6f8a0b1c2d3e4f5a6b.webp",
                     *           "imagePathSmall": "/uploads/carousel/3f2a9c1e5b7d4e6f8a0b1c2d3e4f5a6b-800.webp",
                     *           "blogContent": "स्वच्छ गाव, सुंदर गाव: ग्रामपंचायत कार्यालय, पिंपळगाव",
                     *           "createdByUserId": 3
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        isSuccess: boolean;
                        message: string;
                        result: {
                            corosalId: number;
                            /** @description Path under the site root of the web version (WebP, at most 1600 px wide) */
                            imagePath: string;
                            /** @description The 800 px version for phones */
                            imagePathSmall: string;
                            /** @description Caption */
                            blogContent: string;
                            createdByUserId: number;
                        }[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            414: components["responses"]["URITooLong"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    createCorosal: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Created: the envelope with the new record */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        isSuccess: boolean;
                        message: string;
                        result: {
                            corosalId: number;
                            /** @description Path under the site root of the web version (WebP, at most 1600 px wide) */
                            imagePath: string;
                            /** @description The 800 px version for phones */
                            imagePathSmall: string;
                            /** @description Caption */
                            blogContent: string;
                            createdByUserId: number;
                        }[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    updateCorosalOrder: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Every slide of your council, each once, in the new order */
                    corosalIds: number[];
                };
            };
        };
        responses: {
            /** @description OK: the envelope with the result */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        isSuccess: boolean;
                        message: string;
                        result: {
                            corosalId: number;
                            /** @description Path under the site root of the web version (WebP, at most 1600 px wide) */
                            imagePath: string;
                            /** @description The 800 px version for phones */
                            imagePathSmall: string;
                            /** @description Caption */
                            blogContent: string;
                            createdByUserId: number;
                        }[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    deleteCorosal: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                corosalId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK: the envelope with the result */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        isSuccess: boolean;
                        message: string;
                        result: {
                            corosalId: number;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            414: components["responses"]["URITooLong"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getBlogsByUser: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                userId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK: the envelope with the result */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "isSuccess": true,
                     *       "message": "Success",
                     *       "result": [
                     *         {
                     *           "blogId": 11,
                     *           "blogTitle": "ग्रामसभा १५ ऑगस्ट",
                     *           "blogContent": "सर्व ग्रामस्थांनी सकाळी ११ वाजता ग्रामपंचायत कार्यालयात उपस्थित राहावे.",
                     *           "eventDate": "2026-08-15T00:00:00.000Z",
                     *           "createdByUserId": 3,
                     *           "version": 1
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        isSuccess: boolean;
                        message: string;
                        result: {
                            blogId: number;
                            blogTitle: string;
                            blogContent: string;
                            /** Format: date-time */
                            eventDate: string;
                            createdByUserId: number;
                            /** @description Moves up on every change; send it back as If-Match on PUT (409 when someone changed the item since) */
                            version: number;
                        }[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            414: components["responses"]["URITooLong"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    createBlog: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "blogTitle": "ग्रामसभा १५ ऑगस्ट",
                 *       "blogContent": "सर्व ग्रामस्थांनी सकाळी ११ वाजता ग्रामपंचायत कार्यालयात उपस्थित राहावे.",
                 *       "eventDate": "2026-08-15"
                 *     }
                 */
                "application/json": {
                    blogTitle: string;
                    blogContent: string;
                    /** @description ISO date (2025-08-15) or date-time (2025-08-15T05:30:00.000Z) */
                    eventDate: string;
                    /** @description Sent by the spec's client; ignored: the token's council owns the item. */
                    createdByUserId?: number | string | (never | null);
                };
            };
        };
        responses: {
            /** @description Created: the envelope with the new record */
            201: {
                headers: {
                    /** @description The record’s version in quotes ("3"); send it back as If-Match on PUT */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "isSuccess": true,
                     *       "message": "News item created",
                     *       "result": {
                     *         "blogId": 11,
                     *         "blogTitle": "ग्रामसभा १५ ऑगस्ट",
                     *         "blogContent": "सर्व ग्रामस्थांनी सकाळी ११ वाजता ग्रामपंचायत कार्यालयात उपस्थित राहावे.",
                     *         "eventDate": "2026-08-15T00:00:00.000Z",
                     *         "createdByUserId": 3,
                     *         "version": 1
                     *       }
                     *     }
                     */
                    "application/json": {
                        isSuccess: boolean;
                        message: string;
                        result: {
                            blogId: number;
                            blogTitle: string;
                            blogContent: string;
                            /** Format: date-time */
                            eventDate: string;
                            createdByUserId: number;
                            /** @description Moves up on every change; send it back as If-Match on PUT (409 when someone changed the item since) */
                            version: number;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    updateBlog: {
        parameters: {
            query?: never;
            header?: {
                /** @description The ETag the record was read with ("3"): if someone changed it since, 409 and nothing is written. Without it the fields sent are applied to the newest record. */
                "if-match"?: string;
            };
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "blogTitle": "ग्रामसभा १५ ऑगस्ट",
                 *       "blogContent": "सर्व ग्रामस्थांनी सकाळी ११ वाजता ग्रामपंचायत कार्यालयात उपस्थित राहावे.",
                 *       "eventDate": "2026-08-15"
                 *     }
                 */
                "application/json": {
                    blogTitle: string;
                    blogContent: string;
                    /** @description ISO date (2025-08-15) or date-time (2025-08-15T05:30:00.000Z) */
                    eventDate: string;
                    /** @description Sent by the spec's client; ignored: the token's council owns the item. */
                    createdByUserId?: number | string | (never | null);
                };
            };
        };
        responses: {
            /** @description OK: the envelope with the result */
            200: {
                headers: {
                    /** @description The record’s version in quotes ("3"); send it back as If-Match on PUT */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        isSuccess: boolean;
                        message: string;
                        result: {
                            blogId: number;
                            blogTitle: string;
                            blogContent: string;
                            /** Format: date-time */
                            eventDate: string;
                            createdByUserId: number;
                            /** @description Moves up on every change; send it back as If-Match on PUT (409 when someone changed the item since) */
                            version: number;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            414: components["responses"]["URITooLong"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    deleteBlog: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK: the envelope with the result */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        isSuccess: boolean;
                        message: string;
                        result: {
                            blogId: number;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            414: components["responses"]["URITooLong"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getBirthCertificatesPaged: {
        parameters: {
            query?: {
                /** @description Accepted for the earlier client; another council's id answers 404 */
                userId?: number;
                pageNumber?: number;
                pageSize?: number;
                /** @description Part of the English or Marathi name, any case (births and deaths: or of the CRS registration number, 3 or more characters) */
                nameFilter?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK: the envelope with the result */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "isSuccess": true,
                     *       "message": "Success",
                     *       "result": {
                     *         "items": [
                     *           {
                     *             "birthCertificatesId": "f47aa12e-2952-48b3-8a47-e553f68c62c6",
                     *             "serialNo": 12,
                     *             "registrationNo": "B-2026/001",
                     *             "registrationDate": "2026-01-12",
                     *             "birthDate": "2026-01-01",
                     *             "birthDateWords": "एक जानेवारी दोन हजार सव्वीस",
                     *             "childFullNameMarathi": "आरव ज्ञानेश्वर पाटील",
                     *             "childFullNameEnglish": "Aarav Dnyaneshwar Patil",
                     *             "childAadharNumber": "123456789012",
                     *             "gender": "Male",
                     *             "nationality": "Indian",
                     *             "birthPlaceMarathi": "प्राथमिक आरोग्य केंद्र, पिंपळगाव",
                     *             "birthPlaceEnglish": "Primary Health Centre, Pimpalgaon",
                     *             "addressAtBirthMarathi": "मु. पो. पिंपळगाव",
                     *             "addressAtBirthEnglish": "At post Pimpalgaon",
                     *             "permanentAddressMarathi": "मु. पो. पिंपळगाव",
                     *             "permanentAddressEnglish": "At post Pimpalgaon",
                     *             "fatherFullNameMarathi": "ज्ञानेश्वर कृष्ण पाटील",
                     *             "fatherFullNameEnglish": "Dnyaneshwar Krishna Patil",
                     *             "fatherAadharNumber": "234567890123",
                     *             "fatherMobileNumber": "9876543210",
                     *             "fatherBirthDate": null,
                     *             "fatherEducation": "",
                     *             "fatherOccupation": "farming",
                     *             "fatherReligion": "",
                     *             "motherFullNameMarathi": "प्रियांका पाटील",
                     *             "motherFullNameEnglish": "Priyanka Patil",
                     *             "motherAadharNumber": "345678901234",
                     *             "motherMobileNumber": "9123456789",
                     *             "motherBirthDate": "1998-04-30",
                     *             "motherEducation": "",
                     *             "motherOccupation": "housewife",
                     *             "motherReligion": "",
                     *             "motherAgeAtMarriage": 0,
                     *             "motherAgeAtChildbirth": 0,
                     *             "informantName": "",
                     *             "informantAddress": "",
                     *             "deliveryLocation": "Hospital",
                     *             "deliveryAttendant": "Doctor",
                     *             "numberOfLivingChildren": 1,
                     *             "gestationPeriodWeeks": 0,
                     *             "birthWeightKg": 3.25,
                     *             "remarksMarathi": "",
                     *             "remarksEnglish": "",
                     *             "createdByUserId": 3,
                     *             "version": 1,
                     *             "createdAt": "2026-01-12T06:10:00.000Z",
                     *             "updatedAt": "2026-01-12T06:10:00.000Z"
                     *           }
                     *         ],
                     *         "pageNumber": 1,
                     *         "pageSize": 10,
                     *         "totalPages": 1,
                     *         "totalCount": 1
                     *       }
                     *     }
                     */
                    "application/json": {
                        isSuccess: boolean;
                        message: string;
                        result: {
                            items: {
                                /** Format: uuid */
                                birthCertificatesId: string;
                                serialNo?: number;
                                registrationNo?: string;
                                /** @description YYYY-MM-DD */
                                registrationDate?: string | null;
                                crsRegistrationNumber?: string;
                                /** @description YYYY-MM-DD */
                                birthDate?: string | null;
                                birthDateWords?: string;
                                childFullNameMarathi?: string;
                                childFullNameEnglish?: string;
                                childAadharNumber?: string;
                                gender?: string;
                                nationality?: string;
                                birthPlaceMarathi?: string;
                                birthPlaceEnglish?: string;
                                addressAtBirthMarathi?: string;
                                addressAtBirthEnglish?: string;
                                permanentAddressMarathi?: string;
                                permanentAddressEnglish?: string;
                                fatherFullNameMarathi?: string;
                                fatherFullNameEnglish?: string;
                                fatherAadharNumber?: string;
                                fatherMobileNumber?: string;
                                /** @description YYYY-MM-DD */
                                fatherBirthDate?: string | null;
                                fatherEducation?: string;
                                fatherOccupation?: string;
                                fatherReligion?: string;
                                motherFullNameMarathi?: string;
                                motherFullNameEnglish?: string;
                                motherAadharNumber?: string;
                                motherMobileNumber?: string;
                                /** @description YYYY-MM-DD */
                                motherBirthDate?: string | null;
                                motherEducation?: string;
                                motherOccupation?: string;
                                motherReligion?: string;
                                motherAgeAtMarriage?: number;
                                motherAgeAtChildbirth?: number;
                                informantName?: string;
                                informantAddress?: string;
                                deliveryLocation?: string;
                                deliveryAttendant?: string;
                                numberOfLivingChildren?: number;
                                gestationPeriodWeeks?: number;
                                birthWeightKg?: number;
                                remarksMarathi?: string;
                                remarksEnglish?: string;
                                createdByUserId?: number;
                                /** @description Moves up on every change; also the ETag. Send it back as If-Match on PUT. */
                                version?: number;
                                createdAt?: string;
                                updatedAt?: string;
                                /** @description Which view this is (reads by id) */
                                view?: "full" | "public";
                                /** @description Issuing office, Marathi (reads by id, for the page header) */
                                officeName?: string;
                                officeNameEnglish?: string;
                                /** @description Reads by id: SHA-256 of the printed fields, as the signed PDF carries it (issue 31) */
                                recordFingerprint?: string;
                                /** @description Reads by id: who signs the council's PDFs now; null before the first */
                                signedBy?: string | null;
                            }[];
                            pageNumber: number;
                            pageSize: number;
                            totalPages: number;
                            totalCount: number;
                            /** @description true when more rows matched than were counted (10,000): show "10,000+" */
                            totalCapped?: boolean;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getBirthCertificateNextNumber: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK: the envelope with the result */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        isSuccess: boolean;
                        message: string;
                        result: {
                            registrationNumber: string;
                            serialNo?: number;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getBirthCertificate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The certificate id (a UUID) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK: the envelope with the result */
            200: {
                headers: {
                    /** @description The record’s version in quotes ("3"); send it back as If-Match on PUT */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        isSuccess: boolean;
                        message: string;
                        result: {
                            /** Format: uuid */
                            birthCertificatesId: string;
                            serialNo?: number;
                            registrationNo?: string;
                            /** @description YYYY-MM-DD */
                            registrationDate?: string | null;
                            crsRegistrationNumber?: string;
                            /** @description YYYY-MM-DD */
                            birthDate?: string | null;
                            birthDateWords?: string;
                            childFullNameMarathi?: string;
                            childFullNameEnglish?: string;
                            childAadharNumber?: string;
                            gender?: string;
                            nationality?: string;
                            birthPlaceMarathi?: string;
                            birthPlaceEnglish?: string;
                            addressAtBirthMarathi?: string;
                            addressAtBirthEnglish?: string;
                            permanentAddressMarathi?: string;
                            permanentAddressEnglish?: string;
                            fatherFullNameMarathi?: string;
                            fatherFullNameEnglish?: string;
                            fatherAadharNumber?: string;
                            fatherMobileNumber?: string;
                            /** @description YYYY-MM-DD */
                            fatherBirthDate?: string | null;
                            fatherEducation?: string;
                            fatherOccupation?: string;
                            fatherReligion?: string;
                            motherFullNameMarathi?: string;
                            motherFullNameEnglish?: string;
                            motherAadharNumber?: string;
                            motherMobileNumber?: string;
                            /** @description YYYY-MM-DD */
                            motherBirthDate?: string | null;
                            motherEducation?: string;
                            motherOccupation?: string;
                            motherReligion?: string;
                            motherAgeAtMarriage?: number;
                            motherAgeAtChildbirth?: number;
                            informantName?: string;
                            informantAddress?: string;
                            deliveryLocation?: string;
                            deliveryAttendant?: string;
                            numberOfLivingChildren?: number;
                            gestationPeriodWeeks?: number;
                            birthWeightKg?: number;
                            remarksMarathi?: string;
                            remarksEnglish?: string;
                            createdByUserId?: number;
                            /** @description Moves up on every change; also the ETag. Send it back as If-Match on PUT. */
                            version?: number;
                            createdAt?: string;
                            updatedAt?: string;
                            /** @description Which view this is (reads by id) */
                            view?: "full" | "public";
                            /** @description Issuing office, Marathi (reads by id, for the page header) */
                            officeName?: string;
                            officeNameEnglish?: string;
                            /** @description Reads by id: SHA-256 of the printed fields, as the signed PDF carries it (issue 31) */
                            recordFingerprint?: string;
                            /** @description Reads by id: who signs the council's PDFs now; null before the first */
                            signedBy?: string | null;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
            414: components["responses"]["URITooLong"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    updateBirthCertificate: {
        parameters: {
            query?: never;
            header?: {
                /** @description The ETag the record was read with ("3"): if someone changed it since, 409 and nothing is written. Without it the fields sent are applied to the newest record. */
                "if-match"?: string;
            };
            path: {
                /** @description The certificate id (a UUID) */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "serialNo": 12,
                 *       "registrationNo": "B-2026/001",
                 *       "registrationDate": "2026-01-12",
                 *       "birthDate": "2026-01-01",
                 *       "childFullNameMarathi": "आरव ज्ञानेश्वर पाटील",
                 *       "childFullNameEnglish": "Aarav Dnyaneshwar Patil",
                 *       "childAadharNumber": "123456789012",
                 *       "gender": "Male",
                 *       "nationality": "Indian",
                 *       "birthPlaceMarathi": "प्राथमिक आरोग्य केंद्र, पिंपळगाव",
                 *       "birthPlaceEnglish": "Primary Health Centre, Pimpalgaon",
                 *       "addressAtBirthMarathi": "मु. पो. पिंपळगाव",
                 *       "addressAtBirthEnglish": "At post Pimpalgaon",
                 *       "permanentAddressMarathi": "मु. पो. पिंपळगाव",
                 *       "permanentAddressEnglish": "At post Pimpalgaon",
                 *       "fatherFullNameMarathi": "ज्ञानेश्वर कृष्ण पाटील",
                 *       "fatherFullNameEnglish": "Dnyaneshwar Krishna Patil",
                 *       "fatherAadharNumber": "234567890123",
                 *       "fatherMobileNumber": "9876543210",
                 *       "fatherBirthDate": null,
                 *       "fatherEducation": "",
                 *       "fatherOccupation": "farming",
                 *       "fatherReligion": "",
                 *       "motherFullNameMarathi": "प्रियांका पाटील",
                 *       "motherFullNameEnglish": "Priyanka Patil",
                 *       "motherAadharNumber": "345678901234",
                 *       "motherMobileNumber": "9123456789",
                 *       "motherBirthDate": "1998-04-30",
                 *       "motherEducation": "",
                 *       "motherOccupation": "housewife",
                 *       "motherReligion": "",
                 *       "motherAgeAtMarriage": 0,
                 *       "motherAgeAtChildbirth": 0,
                 *       "informantName": "",
                 *       "informantAddress": "",
                 *       "deliveryLocation": "Hospital",
                 *       "deliveryAttendant": "Doctor",
                 *       "numberOfLivingChildren": 1,
                 *       "gestationPeriodWeeks": 0,
                 *       "birthWeightKg": 3.25,
                 *       "remarksMarathi": "",
                 *       "remarksEnglish": ""
                 *     }
                 */
                "application/json": {
                    /** @description Whole number 0–2147483647; 0, "" or null when empty */
                    serialNo?: string | number | (never | null);
                    registrationNo?: string;
                    /** @description YYYY-MM-DD (an ISO date-time is accepted); null when empty */
                    registrationDate?: string | null;
                    crsRegistrationNumber?: string;
                    /** @description YYYY-MM-DD (an ISO date-time is accepted); null when empty */
                    birthDate?: string | null;
                    birthDateWords?: string;
                    childFullNameMarathi?: string;
                    childFullNameEnglish?: string;
                    /** @description 12 digits; empty when unknown */
                    childAadharNumber?: string;
                    /** @description Male, Female, Other */
                    gender?: string;
                    nationality?: string;
                    birthPlaceMarathi?: string;
                    birthPlaceEnglish?: string;
                    addressAtBirthMarathi?: string;
                    addressAtBirthEnglish?: string;
                    permanentAddressMarathi?: string;
                    permanentAddressEnglish?: string;
                    fatherFullNameMarathi?: string;
                    fatherFullNameEnglish?: string;
                    /** @description 12 digits; empty when unknown */
                    fatherAadharNumber?: string;
                    /** @description 10 digits; empty when unknown */
                    fatherMobileNumber?: string;
                    /** @description YYYY-MM-DD (an ISO date-time is accepted); null when empty */
                    fatherBirthDate?: string | null;
                    /** @description illiterate, primary, secondary, higher secondary, graduate, postgraduate, other */
                    fatherEducation?: string;
                    /** @description job, business, farming */
                    fatherOccupation?: string;
                    /** @description Hindu, Muslim, Christian, Sikh, Buddhist, Jain, Parsi, other */
                    fatherReligion?: string;
                    motherFullNameMarathi?: string;
                    motherFullNameEnglish?: string;
                    /** @description 12 digits; empty when unknown */
                    motherAadharNumber?: string;
                    /** @description 10 digits; empty when unknown */
                    motherMobileNumber?: string;
                    /** @description YYYY-MM-DD (an ISO date-time is accepted); null when empty */
                    motherBirthDate?: string | null;
                    /** @description illiterate, primary, secondary, higher secondary, graduate, postgraduate, other */
                    motherEducation?: string;
                    /** @description job, housewife, labour, other */
                    motherOccupation?: string;
                    /** @description Hindu, Muslim, Christian, Sikh, Buddhist, Jain, Parsi, other */
                    motherReligion?: string;
                    /** @description Whole number 0–100; 0, "" or null when empty */
                    motherAgeAtMarriage?: string | number | (never | null);
                    /** @description Whole number 0–100; 0, "" or null when empty */
                    motherAgeAtChildbirth?: string | number | (never | null);
                    informantName?: string;
                    informantAddress?: string;
                    deliveryLocation?: string;
                    deliveryAttendant?: string;
                    /** @description Whole number 0–30; 0, "" or null when empty */
                    numberOfLivingChildren?: string | number | (never | null);
                    /** @description Whole number 0–50; 0, "" or null when empty */
                    gestationPeriodWeeks?: string | number | (never | null);
                    /** @description Number 0–20; 0, "" or null when empty */
                    birthWeightKg?: string | number | (never | null);
                    remarksMarathi?: string;
                    remarksEnglish?: string;
                    /** @description Ignored: the id in the path counts */
                    birthCertificatesId?: unknown;
                    /** @description Ignored: the id in the path counts */
                    birthCertificatesID?: unknown;
                    /** @description Ignored: the record belongs to the council of the token */
                    createdByUserId?: unknown;
                } & {
                    [key: string]: unknown;
                };
            };
        };
        responses: {
            /** @description OK: the envelope with the result */
            200: {
                headers: {
                    /** @description The record’s version in quotes ("3"); send it back as If-Match on PUT */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        isSuccess: boolean;
                        message: string;
                        result: {
                            /** Format: uuid */
                            birthCertificatesId: string;
                            serialNo?: number;
                            registrationNo?: string;
                            /** @description YYYY-MM-DD */
                            registrationDate?: string | null;
                            crsRegistrationNumber?: string;
                            /** @description YYYY-MM-DD */
                            birthDate?: string | null;
                            birthDateWords?: string;
                            childFullNameMarathi?: string;
                            childFullNameEnglish?: string;
                            childAadharNumber?: string;
                            gender?: string;
                            nationality?: string;
                            birthPlaceMarathi?: string;
                            birthPlaceEnglish?: string;
                            addressAtBirthMarathi?: string;
                            addressAtBirthEnglish?: string;
                            permanentAddressMarathi?: string;
                            permanentAddressEnglish?: string;
                            fatherFullNameMarathi?: string;
                            fatherFullNameEnglish?: string;
                            fatherAadharNumber?: string;
                            fatherMobileNumber?: string;
                            /** @description YYYY-MM-DD */
                            fatherBirthDate?: string | null;
                            fatherEducation?: string;
                            fatherOccupation?: string;
                            fatherReligion?: string;
                            motherFullNameMarathi?: string;
                            motherFullNameEnglish?: string;
                            motherAadharNumber?: string;
                            motherMobileNumber?: string;
                            /** @description YYYY-MM-DD */
                            motherBirthDate?: string | null;
                            motherEducation?: string;
                            motherOccupation?: string;
                            motherReligion?: string;
                            motherAgeAtMarriage?: number;
                            motherAgeAtChildbirth?: number;
                            informantName?: string;
                            informantAddress?: string;
                            deliveryLocation?: string;
                            deliveryAttendant?: string;
                            numberOfLivingChildren?: number;
                            gestationPeriodWeeks?: number;
                            birthWeightKg?: number;
                            remarksMarathi?: string;
                            remarksEnglish?: string;
                            createdByUserId?: number;
                            /** @description Moves up on every change; also the ETag. Send it back as If-Match on PUT. */
                            version?: number;
                            createdAt?: string;
                            updatedAt?: string;
                            /** @description Which view this is (reads by id) */
                            view?: "full" | "public";
                            /** @description Issuing office, Marathi (reads by id, for the page header) */
                            officeName?: string;
                            officeNameEnglish?: string;
                            /** @description Reads by id: SHA-256 of the printed fields, as the signed PDF carries it (issue 31) */
                            recordFingerprint?: string;
                            /** @description Reads by id: who signs the council's PDFs now; null before the first */
                            signedBy?: string | null;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            414: components["responses"]["URITooLong"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    createBirthCertificate: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "serialNo": 12,
                 *       "registrationNo": "B-2026/001",
                 *       "registrationDate": "2026-01-12",
                 *       "birthDate": "2026-01-01",
                 *       "childFullNameMarathi": "आरव ज्ञानेश्वर पाटील",
                 *       "childFullNameEnglish": "Aarav Dnyaneshwar Patil",
                 *       "childAadharNumber": "123456789012",
                 *       "gender": "Male",
                 *       "nationality": "Indian",
                 *       "birthPlaceMarathi": "प्राथमिक आरोग्य केंद्र, पिंपळगाव",
                 *       "birthPlaceEnglish": "Primary Health Centre, Pimpalgaon",
                 *       "addressAtBirthMarathi": "मु. पो. पिंपळगाव",
                 *       "addressAtBirthEnglish": "At post Pimpalgaon",
                 *       "permanentAddressMarathi": "मु. पो. पिंपळगाव",
                 *       "permanentAddressEnglish": "At post Pimpalgaon",
                 *       "fatherFullNameMarathi": "ज्ञानेश्वर कृष्ण पाटील",
                 *       "fatherFullNameEnglish": "Dnyaneshwar Krishna Patil",
                 *       "fatherAadharNumber": "234567890123",
                 *       "fatherMobileNumber": "9876543210",
                 *       "fatherBirthDate": null,
                 *       "fatherEducation": "",
                 *       "fatherOccupation": "farming",
                 *       "fatherReligion": "",
                 *       "motherFullNameMarathi": "प्रियांका पाटील",
                 *       "motherFullNameEnglish": "Priyanka Patil",
                 *       "motherAadharNumber": "345678901234",
                 *       "motherMobileNumber": "9123456789",
                 *       "motherBirthDate": "1998-04-30",
                 *       "motherEducation": "",
                 *       "motherOccupation": "housewife",
                 *       "motherReligion": "",
                 *       "motherAgeAtMarriage": 0,
                 *       "motherAgeAtChildbirth": 0,
                 *       "informantName": "",
                 *       "informantAddress": "",
                 *       "deliveryLocation": "Hospital",
                 *       "deliveryAttendant": "Doctor",
                 *       "numberOfLivingChildren": 1,
                 *       "gestationPeriodWeeks": 0,
                 *       "birthWeightKg": 3.25,
                 *       "remarksMarathi": "",
                 *       "remarksEnglish": ""
                 *     }
                 */
                "application/json": {
                    /** @description Whole number 0–2147483647; 0, "" or null when empty */
                    serialNo?: string | number | (never | null);
                    registrationNo?: string;
                    /** @description YYYY-MM-DD (an ISO date-time is accepted); null when empty */
                    registrationDate?: string | null;
                    crsRegistrationNumber?: string;
                    /** @description YYYY-MM-DD (an ISO date-time is accepted); null when empty */
                    birthDate?: string | null;
                    birthDateWords?: string;
                    childFullNameMarathi?: string;
                    childFullNameEnglish?: string;
                    /** @description 12 digits; empty when unknown */
                    childAadharNumber?: string;
                    /** @description Male, Female, Other */
                    gender?: string;
                    nationality?: string;
                    birthPlaceMarathi?: string;
                    birthPlaceEnglish?: string;
                    addressAtBirthMarathi?: string;
                    addressAtBirthEnglish?: string;
                    permanentAddressMarathi?: string;
                    permanentAddressEnglish?: string;
                    fatherFullNameMarathi?: string;
                    fatherFullNameEnglish?: string;
                    /** @description 12 digits; empty when unknown */
                    fatherAadharNumber?: string;
                    /** @description 10 digits; empty when unknown */
                    fatherMobileNumber?: string;
                    /** @description YYYY-MM-DD (an ISO date-time is accepted); null when empty */
                    fatherBirthDate?: string | null;
                    /** @description illiterate, primary, secondary, higher secondary, graduate, postgraduate, other */
                    fatherEducation?: string;
                    /** @description job, business, farming */
                    fatherOccupation?: string;
                    /** @description Hindu, Muslim, Christian, Sikh, Buddhist, Jain, Parsi, other */
                    fatherReligion?: string;
                    motherFullNameMarathi?: string;
                    motherFullNameEnglish?: string;
                    /** @description 12 digits; empty when unknown */
                    motherAadharNumber?: string;
                    /** @description 10 digits; empty when unknown */
                    motherMobileNumber?: string;
                    /** @description YYYY-MM-DD (an ISO date-time is accepted); null when empty */
                    motherBirthDate?: string | null;
                    /** @description illiterate, primary, secondary, higher secondary, graduate, postgraduate, other */
                    motherEducation?: string;
                    /** @description job, housewife, labour, other */
                    motherOccupation?: string;
                    /** @description Hindu, Muslim, Christian, Sikh, Buddhist, Jain, Parsi, other */
                    motherReligion?: string;
                    /** @description Whole number 0–100; 0, "" or null when empty */
                    motherAgeAtMarriage?: string | number | (never | null);
                    /** @description Whole number 0–100; 0, "" or null when empty */
                    motherAgeAtChildbirth?: string | number | (never | null);
                    informantName?: string;
                    informantAddress?: string;
                    deliveryLocation?: string;
                    deliveryAttendant?: string;
                    /** @description Whole number 0–30; 0, "" or null when empty */
                    numberOfLivingChildren?: string | number | (never | null);
                    /** @description Whole number 0–50; 0, "" or null when empty */
                    gestationPeriodWeeks?: string | number | (never | null);
                    /** @description Number 0–20; 0, "" or null when empty */
                    birthWeightKg?: string | number | (never | null);
                    remarksMarathi?: string;
                    remarksEnglish?: string;
                    /** @description Ignored: the id in the path counts */
                    birthCertificatesId?: unknown;
                    /** @description Ignored: the id in the path counts */
                    birthCertificatesID?: unknown;
                    /** @description Ignored: the record belongs to the council of the token */
                    createdByUserId?: unknown;
                } & {
                    [key: string]: unknown;
                };
            };
        };
        responses: {
            /** @description Created: the envelope with the new record */
            201: {
                headers: {
                    /** @description The record’s version in quotes ("3"); send it back as If-Match on PUT */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "isSuccess": true,
                     *       "message": "Saved",
                     *       "result": {
                     *         "birthCertificatesId": "f47aa12e-2952-48b3-8a47-e553f68c62c6",
                     *         "serialNo": 12,
                     *         "registrationNo": "B-2026/001",
                     *         "registrationDate": "2026-01-12",
                     *         "birthDate": "2026-01-01",
                     *         "birthDateWords": "एक जानेवारी दोन हजार सव्वीस",
                     *         "childFullNameMarathi": "आरव ज्ञानेश्वर पाटील",
                     *         "childFullNameEnglish": "Aarav Dnyaneshwar Patil",
                     *         "childAadharNumber": "123456789012",
                     *         "gender": "Male",
                     *         "nationality": "Indian",
                     *         "birthPlaceMarathi": "प्राथमिक आरोग्य केंद्र, पिंपळगाव",
                     *         "birthPlaceEnglish": "Primary Health Centre, Pimpalgaon",
                     *         "addressAtBirthMarathi": "मु. पो. पिंपळगाव",
                     *         "addressAtBirthEnglish": "At post Pimpalgaon",
                     *         "permanentAddressMarathi": "मु. पो. पिंपळगाव",
                     *         "permanentAddressEnglish": "At post Pimpalgaon",
                     *         "fatherFullNameMarathi": "ज्ञानेश्वर कृष्ण पाटील",
                     *         "fatherFullNameEnglish": "Dnyaneshwar Krishna Patil",
                     *         "fatherAadharNumber": "234567890123",
                     *         "fatherMobileNumber": "9876543210",
                     *         "fatherBirthDate": null,
                     *         "fatherEducation": "",
                     *         "fatherOccupation": "farming",
                     *         "fatherReligion": "",
                     *         "motherFullNameMarathi": "प्रियांका पाटील",
                     *         "motherFullNameEnglish": "Priyanka Patil",
                     *         "motherAadharNumber": "345678901234",
                     *         "motherMobileNumber": "9123456789",
                     *         "motherBirthDate": "1998-04-30",
                     *         "motherEducation": "",
                     *         "motherOccupation": "housewife",
                     *         "motherReligion": "",
                     *         "motherAgeAtMarriage": 0,
                     *         "motherAgeAtChildbirth": 0,
                     *         "informantName": "",
                     *         "informantAddress": "",
                     *         "deliveryLocation": "Hospital",
                     *         "deliveryAttendant": "Doctor",
                     *         "numberOfLivingChildren": 1,
                     *         "gestationPeriodWeeks": 0,
                     *         "birthWeightKg": 3.25,
                     *         "remarksMarathi": "",
                     *         "remarksEnglish": "",
                     *         "createdByUserId": 3,
                     *         "version": 1,
                     *         "createdAt": "2026-01-12T06:10:00.000Z",
                     *         "updatedAt": "2026-01-12T06:10:00.000Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        isSuccess: boolean;
                        message: string;
                        result: {
                            /** Format: uuid */
                            birthCertificatesId: string;
                            serialNo?: number;
                            registrationNo?: string;
                            /** @description YYYY-MM-DD */
                            registrationDate?: string | null;
                            crsRegistrationNumber?: string;
                            /** @description YYYY-MM-DD */
                            birthDate?: string | null;
                            birthDateWords?: string;
                            childFullNameMarathi?: string;
                            childFullNameEnglish?: string;
                            childAadharNumber?: string;
                            gender?: string;
                            nationality?: string;
                            birthPlaceMarathi?: string;
                            birthPlaceEnglish?: string;
                            addressAtBirthMarathi?: string;
                            addressAtBirthEnglish?: string;
                            permanentAddressMarathi?: string;
                            permanentAddressEnglish?: string;
                            fatherFullNameMarathi?: string;
                            fatherFullNameEnglish?: string;
                            fatherAadharNumber?: string;
                            fatherMobileNumber?: string;
                            /** @description YYYY-MM-DD */
                            fatherBirthDate?: string | null;
                            fatherEducation?: string;
                            fatherOccupation?: string;
                            fatherReligion?: string;
                            motherFullNameMarathi?: string;
                            motherFullNameEnglish?: string;
                            motherAadharNumber?: string;
                            motherMobileNumber?: string;
                            /** @description YYYY-MM-DD */
                            motherBirthDate?: string | null;
                            motherEducation?: string;
                            motherOccupation?: string;
                            motherReligion?: string;
                            motherAgeAtMarriage?: number;
                            motherAgeAtChildbirth?: number;
                            informantName?: string;
                            informantAddress?: string;
                            deliveryLocation?: string;
                            deliveryAttendant?: string;
                            numberOfLivingChildren?: number;
                            gestationPeriodWeeks?: number;
                            birthWeightKg?: number;
                            remarksMarathi?: string;
                            remarksEnglish?: string;
                            createdByUserId?: number;
                            /** @description Moves up on every change; also the ETag. Send it back as If-Match on PUT. */
                            version?: number;
                            createdAt?: string;
                            updatedAt?: string;
                            /** @description Which view this is (reads by id) */
                            view?: "full" | "public";
                            /** @description Issuing office, Marathi (reads by id, for the page header) */
                            officeName?: string;
                            officeNameEnglish?: string;
                            /** @description Reads by id: SHA-256 of the printed fields, as the signed PDF carries it (issue 31) */
                            recordFingerprint?: string;
                            /** @description Reads by id: who signs the council's PDFs now; null before the first */
                            signedBy?: string | null;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getBirthCertificatePdf: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The certificate id (a UUID) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The certificate, A4, Marathi and English, with a QR code to its public page */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/pdf": string;
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            414: components["responses"]["URITooLong"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getDeathCertificatesPaged: {
        parameters: {
            query?: {
                /** @description Accepted for the earlier client; another council's id answers 404 */
                userId?: number;
                pageNumber?: number;
                pageSize?: number;
                /** @description Part of the English or Marathi name, any case (births and deaths: or of the CRS registration number, 3 or more characters) */
                nameFilter?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK: the envelope with the result */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        isSuccess: boolean;
                        message: string;
                        result: {
                            items: {
                                /** Format: uuid */
                                deathCertificatesId: string;
                                registrationNumber?: string;
                                /** @description YYYY-MM-DD */
                                registrationDate?: string | null;
                                crsRegistrationNumber?: string;
                                deceasedNameMarathi?: string;
                                deceasedNameEnglish?: string;
                                genderEnglish?: string;
                                genderMarathi?: string;
                                aadhaarNumberDeceased?: string;
                                /** @description YYYY-MM-DD */
                                dateOfDeath?: string | null;
                                dateOfDeathWords?: string;
                                placeOfDeathMarathi?: string;
                                placeOfDeathEnglish?: string;
                                ageOfDeceased?: number;
                                spouseNameMarathi?: string;
                                spouseNameEnglish?: string;
                                spouseAadhaarNumber?: string;
                                motherNameMarathi?: string;
                                motherNameEnglish?: string;
                                motherAadhaarNumber?: string;
                                fatherNameMarathi?: string;
                                fatherNameEnglish?: string;
                                fatherAadhaarNumber?: string;
                                addressAtDeathMarathi?: string;
                                addressAtDeathEnglish?: string;
                                permanentAddressMarathi?: string;
                                permanentAddressEnglish?: string;
                                informantName?: string;
                                remarksMarathi?: string;
                                remarksEnglish?: string;
                                createdByUserId?: number;
                                /** @description Moves up on every change; also the ETag. Send it back as If-Match on PUT. */
                                version?: number;
                                createdAt?: string;
                                updatedAt?: string;
                                /** @description Which view this is (reads by id) */
                                view?: "full" | "public";
                                /** @description Issuing office, Marathi (reads by id, for the page header) */
                                officeName?: string;
                                officeNameEnglish?: string;
                                /** @description Reads by id: SHA-256 of the printed fields, as the signed PDF carries it (issue 31) */
                                recordFingerprint?: string;
                                /** @description Reads by id: who signs the council's PDFs now; null before the first */
                                signedBy?: string | null;
                            }[];
                            pageNumber: number;
                            pageSize: number;
                            totalPages: number;
                            totalCount: number;
                            /** @description true when more rows matched than were counted (10,000): show "10,000+" */
                            totalCapped?: boolean;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getDeathCertificateNextNumber: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK: the envelope with the result */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        isSuccess: boolean;
                        message: string;
                        result: {
                            registrationNumber: string;
                            serialNo?: number;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getDeathCertificate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The certificate id (a UUID) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK: the envelope with the result */
            200: {
                headers: {
                    /** @description The record’s version in quotes ("3"); send it back as If-Match on PUT */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        isSuccess: boolean;
                        message: string;
                        result: {
                            /** Format: uuid */
                            deathCertificatesId: string;
                            registrationNumber?: string;
                            /** @description YYYY-MM-DD */
                            registrationDate?: string | null;
                            crsRegistrationNumber?: string;
                            deceasedNameMarathi?: string;
                            deceasedNameEnglish?: string;
                            genderEnglish?: string;
                            genderMarathi?: string;
                            aadhaarNumberDeceased?: string;
                            /** @description YYYY-MM-DD */
                            dateOfDeath?: string | null;
                            dateOfDeathWords?: string;
                            placeOfDeathMarathi?: string;
                            placeOfDeathEnglish?: string;
                            ageOfDeceased?: number;
                            spouseNameMarathi?: string;
                            spouseNameEnglish?: string;
                            spouseAadhaarNumber?: string;
                            motherNameMarathi?: string;
                            motherNameEnglish?: string;
                            motherAadhaarNumber?: string;
                            fatherNameMarathi?: string;
                            fatherNameEnglish?: string;
                            fatherAadhaarNumber?: string;
                            addressAtDeathMarathi?: string;
                            addressAtDeathEnglish?: string;
                            permanentAddressMarathi?: string;
                            permanentAddressEnglish?: string;
                            informantName?: string;
                            remarksMarathi?: string;
                            remarksEnglish?: string;
                            createdByUserId?: number;
                            /** @description Moves up on every change; also the ETag. Send it back as If-Match on PUT. */
                            version?: number;
                            createdAt?: string;
                            updatedAt?: string;
                            /** @description Which view this is (reads by id) */
                            view?: "full" | "public";
                            /** @description Issuing office, Marathi (reads by id, for the page header) */
                            officeName?: string;
                            officeNameEnglish?: string;
                            /** @description Reads by id: SHA-256 of the printed fields, as the signed PDF carries it (issue 31) */
                            recordFingerprint?: string;
                            /** @description Reads by id: who signs the council's PDFs now; null before the first */
                            signedBy?: string | null;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
            414: components["responses"]["URITooLong"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    updateDeathCertificate: {
        parameters: {
            query?: never;
            header?: {
                /** @description The ETag the record was read with ("3"): if someone changed it since, 409 and nothing is written. Without it the fields sent are applied to the newest record. */
                "if-match"?: string;
            };
            path: {
                /** @description The certificate id (a UUID) */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    registrationNumber?: string;
                    /** @description YYYY-MM-DD (an ISO date-time is accepted); null when empty */
                    registrationDate?: string | null;
                    crsRegistrationNumber?: string;
                    deceasedNameMarathi?: string;
                    deceasedNameEnglish?: string;
                    /** @description Male, Female, Other */
                    genderEnglish?: string;
                    genderMarathi?: string;
                    /** @description 12 digits; empty when unknown */
                    aadhaarNumberDeceased?: string;
                    /** @description YYYY-MM-DD (an ISO date-time is accepted); null when empty */
                    dateOfDeath?: string | null;
                    dateOfDeathWords?: string;
                    placeOfDeathMarathi?: string;
                    placeOfDeathEnglish?: string;
                    /** @description Whole number 0–150; 0, "" or null when empty */
                    ageOfDeceased?: string | number | (never | null);
                    spouseNameMarathi?: string;
                    spouseNameEnglish?: string;
                    /** @description 12 digits; empty when unknown */
                    spouseAadhaarNumber?: string;
                    motherNameMarathi?: string;
                    motherNameEnglish?: string;
                    /** @description 12 digits; empty when unknown */
                    motherAadhaarNumber?: string;
                    fatherNameMarathi?: string;
                    fatherNameEnglish?: string;
                    /** @description 12 digits; empty when unknown */
                    fatherAadhaarNumber?: string;
                    addressAtDeathMarathi?: string;
                    addressAtDeathEnglish?: string;
                    permanentAddressMarathi?: string;
                    permanentAddressEnglish?: string;
                    informantName?: string;
                    remarksMarathi?: string;
                    remarksEnglish?: string;
                    /** @description Ignored: the id in the path counts */
                    deathCertificatesId?: unknown;
                    /** @description Ignored: the id in the path counts */
                    deathCertificateId?: unknown;
                    /** @description Ignored: the record belongs to the council of the token */
                    createdByUserId?: unknown;
                } & {
                    [key: string]: unknown;
                };
            };
        };
        responses: {
            /** @description OK: the envelope with the result */
            200: {
                headers: {
                    /** @description The record’s version in quotes ("3"); send it back as If-Match on PUT */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        isSuccess: boolean;
                        message: string;
                        result: {
                            /** Format: uuid */
                            deathCertificatesId: string;
                            registrationNumber?: string;
                            /** @description YYYY-MM-DD */
                            registrationDate?: string | null;
                            crsRegistrationNumber?: string;
                            deceasedNameMarathi?: string;
                            deceasedNameEnglish?: string;
                            genderEnglish?: string;
                            genderMarathi?: string;
                            aadhaarNumberDeceased?: string;
                            /** @description YYYY-MM-DD */
                            dateOfDeath?: string | null;
                            dateOfDeathWords?: string;
                            placeOfDeathMarathi?: string;
                            placeOfDeathEnglish?: string;
                            ageOfDeceased?: number;
                            spouseNameMarathi?: string;
                            spouseNameEnglish?: string;
                            spouseAadhaarNumber?: string;
                            motherNameMarathi?: string;
                            motherNameEnglish?: string;
                            motherAadhaarNumber?: string;
                            fatherNameMarathi?: string;
                            fatherNameEnglish?: string;
                            fatherAadhaarNumber?: string;
                            addressAtDeathMarathi?: string;
                            addressAtDeathEnglish?: string;
                            permanentAddressMarathi?: string;
                            permanentAddressEnglish?: string;
                            informantName?: string;
                            remarksMarathi?: string;
                            remarksEnglish?: string;
                            createdByUserId?: number;
                            /** @description Moves up on every change; also the ETag. Send it back as If-Match on PUT. */
                            version?: number;
                            createdAt?: string;
                            updatedAt?: string;
                            /** @description Which view this is (reads by id) */
                            view?: "full" | "public";
                            /** @description Issuing office, Marathi (reads by id, for the page header) */
                            officeName?: string;
                            officeNameEnglish?: string;
                            /** @description Reads by id: SHA-256 of the printed fields, as the signed PDF carries it (issue 31) */
                            recordFingerprint?: string;
                            /** @description Reads by id: who signs the council's PDFs now; null before the first */
                            signedBy?: string | null;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            414: components["responses"]["URITooLong"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    createDeathCertificate: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    registrationNumber?: string;
                    /** @description YYYY-MM-DD (an ISO date-time is accepted); null when empty */
                    registrationDate?: string | null;
                    crsRegistrationNumber?: string;
                    deceasedNameMarathi?: string;
                    deceasedNameEnglish?: string;
                    /** @description Male, Female, Other */
                    genderEnglish?: string;
                    genderMarathi?: string;
                    /** @description 12 digits; empty when unknown */
                    aadhaarNumberDeceased?: string;
                    /** @description YYYY-MM-DD (an ISO date-time is accepted); null when empty */
                    dateOfDeath?: string | null;
                    dateOfDeathWords?: string;
                    placeOfDeathMarathi?: string;
                    placeOfDeathEnglish?: string;
                    /** @description Whole number 0–150; 0, "" or null when empty */
                    ageOfDeceased?: string | number | (never | null);
                    spouseNameMarathi?: string;
                    spouseNameEnglish?: string;
                    /** @description 12 digits; empty when unknown */
                    spouseAadhaarNumber?: string;
                    motherNameMarathi?: string;
                    motherNameEnglish?: string;
                    /** @description 12 digits; empty when unknown */
                    motherAadhaarNumber?: string;
                    fatherNameMarathi?: string;
                    fatherNameEnglish?: string;
                    /** @description 12 digits; empty when unknown */
                    fatherAadhaarNumber?: string;
                    addressAtDeathMarathi?: string;
                    addressAtDeathEnglish?: string;
                    permanentAddressMarathi?: string;
                    permanentAddressEnglish?: string;
                    informantName?: string;
                    remarksMarathi?: string;
                    remarksEnglish?: string;
                    /** @description Ignored: the id in the path counts */
                    deathCertificatesId?: unknown;
                    /** @description Ignored: the id in the path counts */
                    deathCertificateId?: unknown;
                    /** @description Ignored: the record belongs to the council of the token */
                    createdByUserId?: unknown;
                } & {
                    [key: string]: unknown;
                };
            };
        };
        responses: {
            /** @description Created: the envelope with the new record */
            201: {
                headers: {
                    /** @description The record’s version in quotes ("3"); send it back as If-Match on PUT */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        isSuccess: boolean;
                        message: string;
                        result: {
                            /** Format: uuid */
                            deathCertificatesId: string;
                            registrationNumber?: string;
                            /** @description YYYY-MM-DD */
                            registrationDate?: string | null;
                            crsRegistrationNumber?: string;
                            deceasedNameMarathi?: string;
                            deceasedNameEnglish?: string;
                            genderEnglish?: string;
                            genderMarathi?: string;
                            aadhaarNumberDeceased?: string;
                            /** @description YYYY-MM-DD */
                            dateOfDeath?: string | null;
                            dateOfDeathWords?: string;
                            placeOfDeathMarathi?: string;
                            placeOfDeathEnglish?: string;
                            ageOfDeceased?: number;
                            spouseNameMarathi?: string;
                            spouseNameEnglish?: string;
                            spouseAadhaarNumber?: string;
                            motherNameMarathi?: string;
                            motherNameEnglish?: string;
                            motherAadhaarNumber?: string;
                            fatherNameMarathi?: string;
                            fatherNameEnglish?: string;
                            fatherAadhaarNumber?: string;
                            addressAtDeathMarathi?: string;
                            addressAtDeathEnglish?: string;
                            permanentAddressMarathi?: string;
                            permanentAddressEnglish?: string;
                            informantName?: string;
                            remarksMarathi?: string;
                            remarksEnglish?: string;
                            createdByUserId?: number;
                            /** @description Moves up on every change; also the ETag. Send it back as If-Match on PUT. */
                            version?: number;
                            createdAt?: string;
                            updatedAt?: string;
                            /** @description Which view this is (reads by id) */
                            view?: "full" | "public";
                            /** @description Issuing office, Marathi (reads by id, for the page header) */
                            officeName?: string;
                            officeNameEnglish?: string;
                            /** @description Reads by id: SHA-256 of the printed fields, as the signed PDF carries it (issue 31) */
                            recordFingerprint?: string;
                            /** @description Reads by id: who signs the council's PDFs now; null before the first */
                            signedBy?: string | null;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getDeathCertificatePdf: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The certificate id (a UUID) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The certificate, A4, Marathi and English, with a QR code to its public page */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/pdf": string;
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            414: components["responses"]["URITooLong"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getResidenceCertificatesPaged: {
        parameters: {
            query?: {
                /** @description Accepted for the earlier client; another council's id answers 404 */
                userId?: number;
                pageNumber?: number;
                pageSize?: number;
                /** @description Part of the English or Marathi name, any case (births and deaths: or of the CRS registration number, 3 or more characters) */
                nameFilter?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK: the envelope with the result */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        isSuccess: boolean;
                        message: string;
                        result: {
                            items: {
                                /** Format: uuid */
                                residentialCertificatesIdCertId: string;
                                registrationNumber?: string;
                                /** @description YYYY-MM-DD */
                                registrationDate?: string | null;
                                applicantNameMarathi?: string;
                                applicantNameEnglish?: string;
                                applicantAadhaar?: string;
                                applicantAge?: number;
                                applicantMobile?: string;
                                applicantGender?: string;
                                guardianNameMarathi?: string;
                                guardianNameEnglish?: string;
                                applicantProfession?: string;
                                createdByUserId?: number;
                                /** @description Moves up on every change; also the ETag. Send it back as If-Match on PUT. */
                                version?: number;
                                createdAt?: string;
                                updatedAt?: string;
                                /** @description Which view this is (reads by id) */
                                view?: "full" | "public";
                                /** @description Issuing office, Marathi (reads by id, for the page header) */
                                officeName?: string;
                                officeNameEnglish?: string;
                                /** @description Reads by id: SHA-256 of the printed fields, as the signed PDF carries it (issue 31) */
                                recordFingerprint?: string;
                                /** @description Reads by id: who signs the council's PDFs now; null before the first */
                                signedBy?: string | null;
                            }[];
                            pageNumber: number;
                            pageSize: number;
                            totalPages: number;
                            totalCount: number;
                            /** @description true when more rows matched than were counted (10,000): show "10,000+" */
                            totalCapped?: boolean;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    createResidenceCertificate: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    registrationNumber?: string;
                    /** @description YYYY-MM-DD (an ISO date-time is accepted); null when empty */
                    registrationDate?: string | null;
                    applicantNameMarathi?: string;
                    applicantNameEnglish?: string;
                    /** @description 12 digits; empty when unknown */
                    applicantAadhaar?: string;
                    /** @description Whole number 0–150; 0, "" or null when empty */
                    applicantAge?: string | number | (never | null);
                    /** @description 10 digits; empty when unknown */
                    applicantMobile?: string;
                    /** @description Male, Female, Other */
                    applicantGender?: string;
                    guardianNameMarathi?: string;
                    guardianNameEnglish?: string;
                    /** @description job, business, farming, other */
                    applicantProfession?: string;
                    /** @description Ignored: the id in the path counts */
                    residentialCertificatesIdCertId?: unknown;
                    /** @description Ignored: the id in the path counts */
                    residentialCertificatesId?: unknown;
                    /** @description Ignored: the record belongs to the council of the token */
                    createdByUserId?: unknown;
                } & {
                    [key: string]: unknown;
                };
            };
        };
        responses: {
            /** @description Created: the envelope with the new record */
            201: {
                headers: {
                    /** @description The record’s version in quotes ("3"); send it back as If-Match on PUT */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        isSuccess: boolean;
                        message: string;
                        result: {
                            /** Format: uuid */
                            residentialCertificatesIdCertId: string;
                            registrationNumber?: string;
                            /** @description YYYY-MM-DD */
                            registrationDate?: string | null;
                            applicantNameMarathi?: string;
                            applicantNameEnglish?: string;
                            applicantAadhaar?: string;
                            applicantAge?: number;
                            applicantMobile?: string;
                            applicantGender?: string;
                            guardianNameMarathi?: string;
                            guardianNameEnglish?: string;
                            applicantProfession?: string;
                            createdByUserId?: number;
                            /** @description Moves up on every change; also the ETag. Send it back as If-Match on PUT. */
                            version?: number;
                            createdAt?: string;
                            updatedAt?: string;
                            /** @description Which view this is (reads by id) */
                            view?: "full" | "public";
                            /** @description Issuing office, Marathi (reads by id, for the page header) */
                            officeName?: string;
                            officeNameEnglish?: string;
                            /** @description Reads by id: SHA-256 of the printed fields, as the signed PDF carries it (issue 31) */
                            recordFingerprint?: string;
                            /** @description Reads by id: who signs the council's PDFs now; null before the first */
                            signedBy?: string | null;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getResidenceCertificateNextNumber: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK: the envelope with the result */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        isSuccess: boolean;
                        message: string;
                        result: {
                            registrationNumber: string;
                            serialNo?: number;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getResidenceCertificate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The certificate id (a UUID) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK: the envelope with the result */
            200: {
                headers: {
                    /** @description The record’s version in quotes ("3"); send it back as If-Match on PUT */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        isSuccess: boolean;
                        message: string;
                        result: {
                            /** Format: uuid */
                            residentialCertificatesIdCertId: string;
                            registrationNumber?: string;
                            /** @description YYYY-MM-DD */
                            registrationDate?: string | null;
                            applicantNameMarathi?: string;
                            applicantNameEnglish?: string;
                            applicantAadhaar?: string;
                            applicantAge?: number;
                            applicantMobile?: string;
                            applicantGender?: string;
                            guardianNameMarathi?: string;
                            guardianNameEnglish?: string;
                            applicantProfession?: string;
                            createdByUserId?: number;
                            /** @description Moves up on every change; also the ETag. Send it back as If-Match on PUT. */
                            version?: number;
                            createdAt?: string;
                            updatedAt?: string;
                            /** @description Which view this is (reads by id) */
                            view?: "full" | "public";
                            /** @description Issuing office, Marathi (reads by id, for the page header) */
                            officeName?: string;
                            officeNameEnglish?: string;
                            /** @description Reads by id: SHA-256 of the printed fields, as the signed PDF carries it (issue 31) */
                            recordFingerprint?: string;
                            /** @description Reads by id: who signs the council's PDFs now; null before the first */
                            signedBy?: string | null;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
            414: components["responses"]["URITooLong"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    updateResidenceCertificate: {
        parameters: {
            query?: never;
            header?: {
                /** @description The ETag the record was read with ("3"): if someone changed it since, 409 and nothing is written. Without it the fields sent are applied to the newest record. */
                "if-match"?: string;
            };
            path: {
                /** @description The certificate id (a UUID) */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    registrationNumber?: string;
                    /** @description YYYY-MM-DD (an ISO date-time is accepted); null when empty */
                    registrationDate?: string | null;
                    applicantNameMarathi?: string;
                    applicantNameEnglish?: string;
                    /** @description 12 digits; empty when unknown */
                    applicantAadhaar?: string;
                    /** @description Whole number 0–150; 0, "" or null when empty */
                    applicantAge?: string | number | (never | null);
                    /** @description 10 digits; empty when unknown */
                    applicantMobile?: string;
                    /** @description Male, Female, Other */
                    applicantGender?: string;
                    guardianNameMarathi?: string;
                    guardianNameEnglish?: string;
                    /** @description job, business, farming, other */
                    applicantProfession?: string;
                    /** @description Ignored: the id in the path counts */
                    residentialCertificatesIdCertId?: unknown;
                    /** @description Ignored: the id in the path counts */
                    residentialCertificatesId?: unknown;
                    /** @description Ignored: the record belongs to the council of the token */
                    createdByUserId?: unknown;
                } & {
                    [key: string]: unknown;
                };
            };
        };
        responses: {
            /** @description OK: the envelope with the result */
            200: {
                headers: {
                    /** @description The record’s version in quotes ("3"); send it back as If-Match on PUT */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        isSuccess: boolean;
                        message: string;
                        result: {
                            /** Format: uuid */
                            residentialCertificatesIdCertId: string;
                            registrationNumber?: string;
                            /** @description YYYY-MM-DD */
                            registrationDate?: string | null;
                            applicantNameMarathi?: string;
                            applicantNameEnglish?: string;
                            applicantAadhaar?: string;
                            applicantAge?: number;
                            applicantMobile?: string;
                            applicantGender?: string;
                            guardianNameMarathi?: string;
                            guardianNameEnglish?: string;
                            applicantProfession?: string;
                            createdByUserId?: number;
                            /** @description Moves up on every change; also the ETag. Send it back as If-Match on PUT. */
                            version?: number;
                            createdAt?: string;
                            updatedAt?: string;
                            /** @description Which view this is (reads by id) */
                            view?: "full" | "public";
                            /** @description Issuing office, Marathi (reads by id, for the page header) */
                            officeName?: string;
                            officeNameEnglish?: string;
                            /** @description Reads by id: SHA-256 of the printed fields, as the signed PDF carries it (issue 31) */
                            recordFingerprint?: string;
                            /** @description Reads by id: who signs the council's PDFs now; null before the first */
                            signedBy?: string | null;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            414: components["responses"]["URITooLong"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getResidenceCertificatePdf: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The certificate id (a UUID) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The certificate, A4, Marathi and English, with a QR code to its public page */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/pdf": string;
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            414: components["responses"]["URITooLong"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getMarriageCertificatesPaged: {
        parameters: {
            query?: {
                /** @description Accepted for the earlier client; another council's id answers 404 */
                userId?: number;
                pageNumber?: number;
                pageSize?: number;
                /** @description Part of the English or Marathi name, any case (births and deaths: or of the CRS registration number, 3 or more characters) */
                nameFilter?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK: the envelope with the result */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        isSuccess: boolean;
                        message: string;
                        result: {
                            items: {
                                /** Format: uuid */
                                marriageCertificatesId: string;
                                registrationNumber?: string;
                                /** @description YYYY-MM-DD */
                                registrationDate?: string | null;
                                /** @description YYYY-MM-DD */
                                marriageDate?: string | null;
                                /** @description YYYY-MM-DD */
                                issueDate?: string | null;
                                khandNumber?: string;
                                husbandNameMarathi?: string;
                                husbandNameEnglish?: string;
                                husbandFatherNameMarathi?: string;
                                husbandFatherNameEnglish?: string;
                                husbandPermAddressMarathi?: string;
                                husbandPermAddressEnglish?: string;
                                husbandAadhaar?: string;
                                husbandReligion?: string;
                                /** @description YYYY-MM-DD */
                                husbandBirthDate?: string | null;
                                husbandMaritalStatus?: string;
                                husbandAgeYears?: number;
                                husbandAgeMonths?: number;
                                wifeNameMarathi?: string;
                                wifeNameEnglish?: string;
                                wifeFatherNameMarathi?: string;
                                wifeFatherNameEnglish?: string;
                                wifePermAddressMarathi?: string;
                                wifePermAddressEnglish?: string;
                                wifeAadhaar?: string;
                                wifeReligion?: string;
                                /** @description YYYY-MM-DD */
                                wifeBirthDate?: string | null;
                                wifeMaritalStatus?: string;
                                wifeAgeYears?: number;
                                wifeAgeMonths?: number;
                                marriagePlaceMarathi?: string;
                                marriagePlaceEnglish?: string;
                                marriageDistrict?: string;
                                marriageTaluka?: string;
                                underMarriageAct?: string;
                                ceremonyCompletedByLaw?: string;
                                priestNameMarathi?: string;
                                priestAddressMarathi?: string;
                                priestReligion?: string;
                                priestAge?: number;
                                officiantNameMarathi?: string;
                                otherInformation?: string;
                                remarksMarathi?: string;
                                remarksEnglish?: string;
                                witness1NameMarathi?: string;
                                witness1AddressMarathi?: string;
                                witness2NameMarathi?: string;
                                witness2AddressMarathi?: string;
                                witness3NameMarathi?: string;
                                witness3AddressMarathi?: string;
                                /** @description Path of the stored photo under the site root, or null */
                                husbandPhotoUrl?: string | null;
                                /** @description Path of the stored photo under the site root, or null */
                                wifePhotoUrl?: string | null;
                                /** @description Path of the stored photo under the site root, or null */
                                witness1PhotoUrl?: string | null;
                                /** @description Path of the stored photo under the site root, or null */
                                witness2PhotoUrl?: string | null;
                                /** @description Path of the stored photo under the site root, or null */
                                witness3PhotoUrl?: string | null;
                                createdByUserId?: number;
                                /** @description Moves up on every change; also the ETag. Send it back as If-Match on PUT. */
                                version?: number;
                                createdAt?: string;
                                updatedAt?: string;
                                /** @description Which view this is (reads by id) */
                                view?: "full" | "public";
                                /** @description Issuing office, Marathi (reads by id, for the page header) */
                                officeName?: string;
                                officeNameEnglish?: string;
                                /** @description Reads by id: SHA-256 of the printed fields, as the signed PDF carries it (issue 31) */
                                recordFingerprint?: string;
                                /** @description Reads by id: who signs the council's PDFs now; null before the first */
                                signedBy?: string | null;
                            }[];
                            pageNumber: number;
                            pageSize: number;
                            totalPages: number;
                            totalCount: number;
                            /** @description true when more rows matched than were counted (10,000): show "10,000+" */
                            totalCapped?: boolean;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getMarriageCertificateNextNumber: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK: the envelope with the result */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        isSuccess: boolean;
                        message: string;
                        result: {
                            registrationNumber: string;
                            serialNo?: number;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getMarriageCertificate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The certificate id (a UUID) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK: the envelope with the result */
            200: {
                headers: {
                    /** @description The record’s version in quotes ("3"); send it back as If-Match on PUT */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        isSuccess: boolean;
                        message: string;
                        result: {
                            /** Format: uuid */
                            marriageCertificatesId: string;
                            registrationNumber?: string;
                            /** @description YYYY-MM-DD */
                            registrationDate?: string | null;
                            /** @description YYYY-MM-DD */
                            marriageDate?: string | null;
                            /** @description YYYY-MM-DD */
                            issueDate?: string | null;
                            khandNumber?: string;
                            husbandNameMarathi?: string;
                            husbandNameEnglish?: string;
                            husbandFatherNameMarathi?: string;
                            husbandFatherNameEnglish?: string;
                            husbandPermAddressMarathi?: string;
                            husbandPermAddressEnglish?: string;
                            husbandAadhaar?: string;
                            husbandReligion?: string;
                            /** @description YYYY-MM-DD */
                            husbandBirthDate?: string | null;
                            husbandMaritalStatus?: string;
                            husbandAgeYears?: number;
                            husbandAgeMonths?: number;
                            wifeNameMarathi?: string;
                            wifeNameEnglish?: string;
                            wifeFatherNameMarathi?: string;
                            wifeFatherNameEnglish?: string;
                            wifePermAddressMarathi?: string;
                            wifePermAddressEnglish?: string;
                            wifeAadhaar?: string;
                            wifeReligion?: string;
                            /** @description YYYY-MM-DD */
                            wifeBirthDate?: string | null;
                            wifeMaritalStatus?: string;
                            wifeAgeYears?: number;
                            wifeAgeMonths?: number;
                            marriagePlaceMarathi?: string;
                            marriagePlaceEnglish?: string;
                            marriageDistrict?: string;
                            marriageTaluka?: string;
                            underMarriageAct?: string;
                            ceremonyCompletedByLaw?: string;
                            priestNameMarathi?: string;
                            priestAddressMarathi?: string;
                            priestReligion?: string;
                            priestAge?: number;
                            officiantNameMarathi?: string;
                            otherInformation?: string;
                            remarksMarathi?: string;
                            remarksEnglish?: string;
                            witness1NameMarathi?: string;
                            witness1AddressMarathi?: string;
                            witness2NameMarathi?: string;
                            witness2AddressMarathi?: string;
                            witness3NameMarathi?: string;
                            witness3AddressMarathi?: string;
                            /** @description Path of the stored photo under the site root, or null */
                            husbandPhotoUrl?: string | null;
                            /** @description Path of the stored photo under the site root, or null */
                            wifePhotoUrl?: string | null;
                            /** @description Path of the stored photo under the site root, or null */
                            witness1PhotoUrl?: string | null;
                            /** @description Path of the stored photo under the site root, or null */
                            witness2PhotoUrl?: string | null;
                            /** @description Path of the stored photo under the site root, or null */
                            witness3PhotoUrl?: string | null;
                            createdByUserId?: number;
                            /** @description Moves up on every change; also the ETag. Send it back as If-Match on PUT. */
                            version?: number;
                            createdAt?: string;
                            updatedAt?: string;
                            /** @description Which view this is (reads by id) */
                            view?: "full" | "public";
                            /** @description Issuing office, Marathi (reads by id, for the page header) */
                            officeName?: string;
                            officeNameEnglish?: string;
                            /** @description Reads by id: SHA-256 of the printed fields, as the signed PDF carries it (issue 31) */
                            recordFingerprint?: string;
                            /** @description Reads by id: who signs the council's PDFs now; null before the first */
                            signedBy?: string | null;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
            414: components["responses"]["URITooLong"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    updateMarriageCertificate: {
        parameters: {
            query?: never;
            header?: {
                /** @description The ETag the record was read with ("3"): if someone changed it since, 409 and nothing is written. Without it the fields sent are applied to the newest record. */
                "if-match"?: string;
            };
            path: {
                /** @description The certificate id (a UUID) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK: the envelope with the result */
            200: {
                headers: {
                    /** @description The record’s version in quotes ("3"); send it back as If-Match on PUT */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        isSuccess: boolean;
                        message: string;
                        result: {
                            /** Format: uuid */
                            marriageCertificatesId: string;
                            registrationNumber?: string;
                            /** @description YYYY-MM-DD */
                            registrationDate?: string | null;
                            /** @description YYYY-MM-DD */
                            marriageDate?: string | null;
                            /** @description YYYY-MM-DD */
                            issueDate?: string | null;
                            khandNumber?: string;
                            husbandNameMarathi?: string;
                            husbandNameEnglish?: string;
                            husbandFatherNameMarathi?: string;
                            husbandFatherNameEnglish?: string;
                            husbandPermAddressMarathi?: string;
                            husbandPermAddressEnglish?: string;
                            husbandAadhaar?: string;
                            husbandReligion?: string;
                            /** @description YYYY-MM-DD */
                            husbandBirthDate?: string | null;
                            husbandMaritalStatus?: string;
                            husbandAgeYears?: number;
                            husbandAgeMonths?: number;
                            wifeNameMarathi?: string;
                            wifeNameEnglish?: string;
                            wifeFatherNameMarathi?: string;
                            wifeFatherNameEnglish?: string;
                            wifePermAddressMarathi?: string;
                            wifePermAddressEnglish?: string;
                            wifeAadhaar?: string;
                            wifeReligion?: string;
                            /** @description YYYY-MM-DD */
                            wifeBirthDate?: string | null;
                            wifeMaritalStatus?: string;
                            wifeAgeYears?: number;
                            wifeAgeMonths?: number;
                            marriagePlaceMarathi?: string;
                            marriagePlaceEnglish?: string;
                            marriageDistrict?: string;
                            marriageTaluka?: string;
                            underMarriageAct?: string;
                            ceremonyCompletedByLaw?: string;
                            priestNameMarathi?: string;
                            priestAddressMarathi?: string;
                            priestReligion?: string;
                            priestAge?: number;
                            officiantNameMarathi?: string;
                            otherInformation?: string;
                            remarksMarathi?: string;
                            remarksEnglish?: string;
                            witness1NameMarathi?: string;
                            witness1AddressMarathi?: string;
                            witness2NameMarathi?: string;
                            witness2AddressMarathi?: string;
                            witness3NameMarathi?: string;
                            witness3AddressMarathi?: string;
                            /** @description Path of the stored photo under the site root, or null */
                            husbandPhotoUrl?: string | null;
                            /** @description Path of the stored photo under the site root, or null */
                            wifePhotoUrl?: string | null;
                            /** @description Path of the stored photo under the site root, or null */
                            witness1PhotoUrl?: string | null;
                            /** @description Path of the stored photo under the site root, or null */
                            witness2PhotoUrl?: string | null;
                            /** @description Path of the stored photo under the site root, or null */
                            witness3PhotoUrl?: string | null;
                            createdByUserId?: number;
                            /** @description Moves up on every change; also the ETag. Send it back as If-Match on PUT. */
                            version?: number;
                            createdAt?: string;
                            updatedAt?: string;
                            /** @description Which view this is (reads by id) */
                            view?: "full" | "public";
                            /** @description Issuing office, Marathi (reads by id, for the page header) */
                            officeName?: string;
                            officeNameEnglish?: string;
                            /** @description Reads by id: SHA-256 of the printed fields, as the signed PDF carries it (issue 31) */
                            recordFingerprint?: string;
                            /** @description Reads by id: who signs the council's PDFs now; null before the first */
                            signedBy?: string | null;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            414: components["responses"]["URITooLong"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    createMarriageCertificate: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Created: the envelope with the new record */
            201: {
                headers: {
                    /** @description The record’s version in quotes ("3"); send it back as If-Match on PUT */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        isSuccess: boolean;
                        message: string;
                        result: {
                            /** Format: uuid */
                            marriageCertificatesId: string;
                            registrationNumber?: string;
                            /** @description YYYY-MM-DD */
                            registrationDate?: string | null;
                            /** @description YYYY-MM-DD */
                            marriageDate?: string | null;
                            /** @description YYYY-MM-DD */
                            issueDate?: string | null;
                            khandNumber?: string;
                            husbandNameMarathi?: string;
                            husbandNameEnglish?: string;
                            husbandFatherNameMarathi?: string;
                            husbandFatherNameEnglish?: string;
                            husbandPermAddressMarathi?: string;
                            husbandPermAddressEnglish?: string;
                            husbandAadhaar?: string;
                            husbandReligion?: string;
                            /** @description YYYY-MM-DD */
                            husbandBirthDate?: string | null;
                            husbandMaritalStatus?: string;
                            husbandAgeYears?: number;
                            husbandAgeMonths?: number;
                            wifeNameMarathi?: string;
                            wifeNameEnglish?: string;
                            wifeFatherNameMarathi?: string;
                            wifeFatherNameEnglish?: string;
                            wifePermAddressMarathi?: string;
                            wifePermAddressEnglish?: string;
                            wifeAadhaar?: string;
                            wifeReligion?: string;
                            /** @description YYYY-MM-DD */
                            wifeBirthDate?: string | null;
                            wifeMaritalStatus?: string;
                            wifeAgeYears?: number;
                            wifeAgeMonths?: number;
                            marriagePlaceMarathi?: string;
                            marriagePlaceEnglish?: string;
                            marriageDistrict?: string;
                            marriageTaluka?: string;
                            underMarriageAct?: string;
                            ceremonyCompletedByLaw?: string;
                            priestNameMarathi?: string;
                            priestAddressMarathi?: string;
                            priestReligion?: string;
                            priestAge?: number;
                            officiantNameMarathi?: string;
                            otherInformation?: string;
                            remarksMarathi?: string;
                            remarksEnglish?: string;
                            witness1NameMarathi?: string;
                            witness1AddressMarathi?: string;
                            witness2NameMarathi?: string;
                            witness2AddressMarathi?: string;
                            witness3NameMarathi?: string;
                            witness3AddressMarathi?: string;
                            /** @description Path of the stored photo under the site root, or null */
                            husbandPhotoUrl?: string | null;
                            /** @description Path of the stored photo under the site root, or null */
                            wifePhotoUrl?: string | null;
                            /** @description Path of the stored photo under the site root, or null */
                            witness1PhotoUrl?: string | null;
                            /** @description Path of the stored photo under the site root, or null */
                            witness2PhotoUrl?: string | null;
                            /** @description Path of the stored photo under the site root, or null */
                            witness3PhotoUrl?: string | null;
                            createdByUserId?: number;
                            /** @description Moves up on every change; also the ETag. Send it back as If-Match on PUT. */
                            version?: number;
                            createdAt?: string;
                            updatedAt?: string;
                            /** @description Which view this is (reads by id) */
                            view?: "full" | "public";
                            /** @description Issuing office, Marathi (reads by id, for the page header) */
                            officeName?: string;
                            officeNameEnglish?: string;
                            /** @description Reads by id: SHA-256 of the printed fields, as the signed PDF carries it (issue 31) */
                            recordFingerprint?: string;
                            /** @description Reads by id: who signs the council's PDFs now; null before the first */
                            signedBy?: string | null;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getMarriageCertificatePdf: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The certificate id (a UUID) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The certificate, A4, Marathi and English, with a QR code to its public page */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/pdf": string;
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            414: components["responses"]["URITooLong"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getCaptcha: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK: the envelope with the result */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        isSuccess: boolean;
                        message: string;
                        result: {
                            /** Format: uuid */
                            captchaId: string;
                            /** @description The picture: a data: URL of a WebP image, twice the size it is shown at */
                            image: string;
                            /** @description Deprecated: the same picture wrapped in SVG markup (an <image> element), for earlier clients */
                            svg: string;
                            /** @description Width to show the picture at, in CSS pixels */
                            width: number;
                            /** @description Height to show the picture at, in CSS pixels */
                            height: number;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getPublicPowChallenge: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK: the envelope with the result */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        isSuccess: boolean;
                        message: string;
                        result: {
                            parameters: {
                                /** @enum {string} */
                                algorithm: "SHA-256";
                                /** @description hex */
                                nonce: string;
                                /** @description hex */
                                salt: string;
                                /** @description SHA-256 rounds per try */
                                cost: number;
                                keyLength: number;
                                /** @description hex: the start of the key the right counter gives */
                                keyPrefix: string;
                                /** @description hex HMAC of that key, which the server checks */
                                keySignature: string;
                                /** @description Unix time in seconds */
                                expiresAt: number;
                                data: {
                                    /** @description The council whose register it opens */
                                    council: number;
                                };
                            };
                            /** @description hex HMAC of the parameters */
                            signature: string;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getTaxRates: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK: the envelope with the result */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        isSuccess: boolean;
                        message: string;
                        result: {
                            rates: {
                                /** @description Ready-reckoner land rate, ₹ per m² (a property may carry its own) */
                                landRate: string;
                                constructionRate: {
                                    /** @description Construction rate, ₹ per m² of built-up area */
                                    hut: string;
                                    /** @description Construction rate, ₹ per m² of built-up area */
                                    stoneMud: string;
                                    /** @description Construction rate, ₹ per m² of built-up area */
                                    stoneCement: string;
                                    /** @description Construction rate, ₹ per m² of built-up area */
                                    rcc: string;
                                    /** @description Construction rate, ₹ per m² of built-up area */
                                    openLand: string;
                                };
                                taxRate: {
                                    /** @description Tax rate per ₹1000 of capital value, inside the legal band of the building type */
                                    hut: string;
                                    /** @description Tax rate per ₹1000 of capital value, inside the legal band of the building type */
                                    stoneMud: string;
                                    /** @description Tax rate per ₹1000 of capital value, inside the legal band of the building type */
                                    stoneCement: string;
                                    /** @description Tax rate per ₹1000 of capital value, inside the legal band of the building type */
                                    rcc: string;
                                    /** @description Tax rate per ₹1000 of capital value, inside the legal band of the building type */
                                    openLand: string;
                                };
                                weightage: {
                                    /** @description Weightage (भारांक) of the use */
                                    residential: string;
                                    /** @description Weightage (भारांक) of the use */
                                    industrial: string;
                                    /** @description Weightage (भारांक) of the use */
                                    commercial: string;
                                };
                                depreciation: {
                                    /** @description Last age of the band in years; null for the last band */
                                    maxAge: number | null;
                                    /** @description Factor for kachha / semi-pucca buildings, 0 to 1 */
                                    kachha: string;
                                    /** @description Factor for pucca buildings, 0 to 1 */
                                    pucca: string;
                                }[];
                                slabs: {
                                    /** @description Upper plot area of the slab in sq ft; null for the last slab */
                                    maxSqft: number | null;
                                    /** @description Street-light tax a year, ₹ */
                                    divabatti: string;
                                    /** @description Health tax a year, ₹ */
                                    arogya: string;
                                }[];
                                /** @description General water tax a year for a built property, ₹ */
                                waterTax: string;
                            };
                            isDefault: boolean;
                            version: number;
                            /** @description The tax year these rates are in force from (0: since always): the newest version */
                            effectiveTaxYear: number;
                            /** @description The tax year today falls in */
                            currentTaxYear: number;
                            /** @description Whether this tax year’s demand is raised: a change then takes effect from the next year unless applied to this one under an order */
                            billed: boolean;
                            /** @description The rates in force this year, when the newest are not yet */
                            inForce?: {
                                effectiveTaxYear: number;
                                rates: {
                                    /** @description Ready-reckoner land rate, ₹ per m² (a property may carry its own) */
                                    landRate: string;
                                    constructionRate: {
                                        /** @description Construction rate, ₹ per m² of built-up area */
                                        hut: string;
                                        /** @description Construction rate, ₹ per m² of built-up area */
                                        stoneMud: string;
                                        /** @description Construction rate, ₹ per m² of built-up area */
                                        stoneCement: string;
                                        /** @description Construction rate, ₹ per m² of built-up area */
                                        rcc: string;
                                        /** @description Construction rate, ₹ per m² of built-up area */
                                        openLand: string;
                                    };
                                    taxRate: {
                                        /** @description Tax rate per ₹1000 of capital value, inside the legal band of the building type */
                                        hut: string;
                                        /** @description Tax rate per ₹1000 of capital value, inside the legal band of the building type */
                                        stoneMud: string;
                                        /** @description Tax rate per ₹1000 of capital value, inside the legal band of the building type */
                                        stoneCement: string;
                                        /** @description Tax rate per ₹1000 of capital value, inside the legal band of the building type */
                                        rcc: string;
                                        /** @description Tax rate per ₹1000 of capital value, inside the legal band of the building type */
                                        openLand: string;
                                    };
                                    weightage: {
                                        /** @description Weightage (भारांक) of the use */
                                        residential: string;
                                        /** @description Weightage (भारांक) of the use */
                                        industrial: string;
                                        /** @description Weightage (भारांक) of the use */
                                        commercial: string;
                                    };
                                    depreciation: {
                                        /** @description Last age of the band in years; null for the last band */
                                        maxAge: number | null;
                                        /** @description Factor for kachha / semi-pucca buildings, 0 to 1 */
                                        kachha: string;
                                        /** @description Factor for pucca buildings, 0 to 1 */
                                        pucca: string;
                                    }[];
                                    slabs: {
                                        /** @description Upper plot area of the slab in sq ft; null for the last slab */
                                        maxSqft: number | null;
                                        /** @description Street-light tax a year, ₹ */
                                        divabatti: string;
                                        /** @description Health tax a year, ₹ */
                                        arogya: string;
                                    }[];
                                    /** @description General water tax a year for a built property, ₹ */
                                    waterTax: string;
                                };
                            };
                            buildingTypes: {
                                [key: string]: {
                                    mr: string;
                                    en: string;
                                    kind: string;
                                    min: string;
                                    max: string;
                                };
                            };
                            usages: {
                                [key: string]: {
                                    mr: string;
                                    en: string;
                                };
                            };
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    updateTaxRates: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Ready-reckoner land rate, ₹ per m² (a property may carry its own) */
                    landRate?: string;
                    constructionRate?: {
                        /** @description Construction rate, ₹ per m² of built-up area */
                        hut?: string;
                        /** @description Construction rate, ₹ per m² of built-up area */
                        stoneMud?: string;
                        /** @description Construction rate, ₹ per m² of built-up area */
                        stoneCement?: string;
                        /** @description Construction rate, ₹ per m² of built-up area */
                        rcc?: string;
                        /** @description Construction rate, ₹ per m² of built-up area */
                        openLand?: string;
                    };
                    taxRate?: {
                        /** @description Tax rate per ₹1000 of capital value, inside the legal band of the building type */
                        hut?: string;
                        /** @description Tax rate per ₹1000 of capital value, inside the legal band of the building type */
                        stoneMud?: string;
                        /** @description Tax rate per ₹1000 of capital value, inside the legal band of the building type */
                        stoneCement?: string;
                        /** @description Tax rate per ₹1000 of capital value, inside the legal band of the building type */
                        rcc?: string;
                        /** @description Tax rate per ₹1000 of capital value, inside the legal band of the building type */
                        openLand?: string;
                    };
                    weightage?: {
                        /** @description Weightage (भारांक) of the use */
                        residential?: string;
                        /** @description Weightage (भारांक) of the use */
                        industrial?: string;
                        /** @description Weightage (भारांक) of the use */
                        commercial?: string;
                    };
                    depreciation?: {
                        /** @description Last age of the band in years; null for the last band */
                        maxAge: number | null;
                        /** @description Factor for kachha / semi-pucca buildings, 0 to 1 */
                        kachha: string;
                        /** @description Factor for pucca buildings, 0 to 1 */
                        pucca: string;
                    }[];
                    slabs?: {
                        /** @description Upper plot area of the slab in sq ft; null for the last slab */
                        maxSqft: number | null;
                        /** @description Street-light tax a year, ₹ */
                        divabatti: string;
                        /** @description Health tax a year, ₹ */
                        arogya: string;
                    }[];
                    /** @description General water tax a year for a built property, ₹ */
                    waterTax?: string;
                    /** @description next: from the next tax year (the default once this year is billed; the bill already raised stays); current: this tax year, correcting its demand by entries (needs orderReference when it is billed) */
                    applyFrom?: "next" | "current";
                    /** @description The order or resolution number a change to a billed year is made under */
                    orderReference?: string;
                };
            };
        };
        responses: {
            /** @description OK: the envelope with the result */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        isSuccess: boolean;
                        message: string;
                        result: {
                            rates: {
                                /** @description Ready-reckoner land rate, ₹ per m² (a property may carry its own) */
                                landRate: string;
                                constructionRate: {
                                    /** @description Construction rate, ₹ per m² of built-up area */
                                    hut: string;
                                    /** @description Construction rate, ₹ per m² of built-up area */
                                    stoneMud: string;
                                    /** @description Construction rate, ₹ per m² of built-up area */
                                    stoneCement: string;
                                    /** @description Construction rate, ₹ per m² of built-up area */
                                    rcc: string;
                                    /** @description Construction rate, ₹ per m² of built-up area */
                                    openLand: string;
                                };
                                taxRate: {
                                    /** @description Tax rate per ₹1000 of capital value, inside the legal band of the building type */
                                    hut: string;
                                    /** @description Tax rate per ₹1000 of capital value, inside the legal band of the building type */
                                    stoneMud: string;
                                    /** @description Tax rate per ₹1000 of capital value, inside the legal band of the building type */
                                    stoneCement: string;
                                    /** @description Tax rate per ₹1000 of capital value, inside the legal band of the building type */
                                    rcc: string;
                                    /** @description Tax rate per ₹1000 of capital value, inside the legal band of the building type */
                                    openLand: string;
                                };
                                weightage: {
                                    /** @description Weightage (भारांक) of the use */
                                    residential: string;
                                    /** @description Weightage (भारांक) of the use */
                                    industrial: string;
                                    /** @description Weightage (भारांक) of the use */
                                    commercial: string;
                                };
                                depreciation: {
                                    /** @description Last age of the band in years; null for the last band */
                                    maxAge: number | null;
                                    /** @description Factor for kachha / semi-pucca buildings, 0 to 1 */
                                    kachha: string;
                                    /** @description Factor for pucca buildings, 0 to 1 */
                                    pucca: string;
                                }[];
                                slabs: {
                                    /** @description Upper plot area of the slab in sq ft; null for the last slab */
                                    maxSqft: number | null;
                                    /** @description Street-light tax a year, ₹ */
                                    divabatti: string;
                                    /** @description Health tax a year, ₹ */
                                    arogya: string;
                                }[];
                                /** @description General water tax a year for a built property, ₹ */
                                waterTax: string;
                            };
                            isDefault: boolean;
                            version: number;
                            /** @description The tax year these rates are in force from (0: since always): the newest version */
                            effectiveTaxYear: number;
                            /** @description The tax year today falls in */
                            currentTaxYear: number;
                            /** @description Whether this tax year’s demand is raised: a change then takes effect from the next year unless applied to this one under an order */
                            billed: boolean;
                            /** @description The rates in force this year, when the newest are not yet */
                            inForce?: {
                                effectiveTaxYear: number;
                                rates: {
                                    /** @description Ready-reckoner land rate, ₹ per m² (a property may carry its own) */
                                    landRate: string;
                                    constructionRate: {
                                        /** @description Construction rate, ₹ per m² of built-up area */
                                        hut: string;
                                        /** @description Construction rate, ₹ per m² of built-up area */
                                        stoneMud: string;
                                        /** @description Construction rate, ₹ per m² of built-up area */
                                        stoneCement: string;
                                        /** @description Construction rate, ₹ per m² of built-up area */
                                        rcc: string;
                                        /** @description Construction rate, ₹ per m² of built-up area */
                                        openLand: string;
                                    };
                                    taxRate: {
                                        /** @description Tax rate per ₹1000 of capital value, inside the legal band of the building type */
                                        hut: string;
                                        /** @description Tax rate per ₹1000 of capital value, inside the legal band of the building type */
                                        stoneMud: string;
                                        /** @description Tax rate per ₹1000 of capital value, inside the legal band of the building type */
                                        stoneCement: string;
                                        /** @description Tax rate per ₹1000 of capital value, inside the legal band of the building type */
                                        rcc: string;
                                        /** @description Tax rate per ₹1000 of capital value, inside the legal band of the building type */
                                        openLand: string;
                                    };
                                    weightage: {
                                        /** @description Weightage (भारांक) of the use */
                                        residential: string;
                                        /** @description Weightage (भारांक) of the use */
                                        industrial: string;
                                        /** @description Weightage (भारांक) of the use */
                                        commercial: string;
                                    };
                                    depreciation: {
                                        /** @description Last age of the band in years; null for the last band */
                                        maxAge: number | null;
                                        /** @description Factor for kachha / semi-pucca buildings, 0 to 1 */
                                        kachha: string;
                                        /** @description Factor for pucca buildings, 0 to 1 */
                                        pucca: string;
                                    }[];
                                    slabs: {
                                        /** @description Upper plot area of the slab in sq ft; null for the last slab */
                                        maxSqft: number | null;
                                        /** @description Street-light tax a year, ₹ */
                                        divabatti: string;
                                        /** @description Health tax a year, ₹ */
                                        arogya: string;
                                    }[];
                                    /** @description General water tax a year for a built property, ₹ */
                                    waterTax: string;
                                };
                            };
                            buildingTypes: {
                                [key: string]: {
                                    mr: string;
                                    en: string;
                                    kind: string;
                                    min: string;
                                    max: string;
                                };
                            };
                            usages: {
                                [key: string]: {
                                    mr: string;
                                    en: string;
                                };
                            };
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    reviseAssessments: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The tax year the revised assessments take effect from */
                    effectiveTaxYear: number;
                    /**
                     * @description true (default): only list what would change
                     * @default true
                     */
                    dryRun?: boolean;
                    /** @description The resolution of the revision; required when the year’s demand is already raised */
                    orderReference?: string;
                };
            };
        };
        responses: {
            /** @description OK: the envelope with the result */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        isSuccess: boolean;
                        message: string;
                        result: {
                            effectiveTaxYear: number;
                            financialYear: string;
                            dryRun: boolean;
                            properties: number;
                            changed: number;
                            /** @description Rupees as a decimal string with 2 places */
                            oldTotal: string;
                            /** @description Rupees as a decimal string with 2 places */
                            newTotal: string;
                            lines: {
                                propertyId: number;
                                malmattaNo: string;
                                /** @description Rupees as a decimal string with 2 places */
                                oldTotal: string;
                                /** @description Rupees as a decimal string with 2 places */
                                newTotal: string;
                            }[];
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    registerOwnerProperty: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "malmattaNo": "१२/अ",
                 *       "malkacheNav": "रमेश गणपत पाटील",
                 *       "bhogwatdarakNav": "स्वतः",
                 *       "mobileNo": "9812345670",
                 *       "gatNo": "45",
                 *       "citySurveyNo": "102",
                 *       "malmattaVarnan": "आर.सी.सी. घर",
                 *       "buildingType": "rcc",
                 *       "usage": "residential",
                 *       "milkatBandhakamYear": 2010,
                 *       "areaSqm": "50",
                 *       "landRate": "1200"
                 *     }
                 */
                "application/json": {
                    /** @description Property number as written (१२/अ or 12/A) */
                    malmattaNo: string;
                    /** @description Owner name */
                    malkacheNav: string;
                    /** @description Occupier name */
                    bhogwatdarakNav: string;
                    /** @description 10-digit mobile number of the owner */
                    mobileNo: string;
                    /** @description Gat (survey) number */
                    gatNo: string;
                    /** @description City survey number */
                    citySurveyNo: string;
                    /** @description Road or lane (रस्ता / गल्ली), the register’s second column */
                    roadLane?: string;
                    /** @description Description of the property */
                    malmattaVarnan?: string;
                    /** @description Building type: hut, stoneMud, stoneCement, rcc, openLand (default rcc) */
                    buildingType?: string;
                    /** @description Use: residential, industrial, commercial (default residential) */
                    usage?: string;
                    /** @description Construction year; 0 or empty for open land */
                    milkatBandhakamYear?: string | number;
                    /** @description Built-up area in m² (for open land: the plot) */
                    areaSqm?: string | number;
                    /** @description Area in sq ft; used only when areaSqm is empty (converted at 10.7639 sq ft per m²) */
                    area?: string | number;
                    plotAreaSqm?: (string | number) | (never | null);
                    /** @description Ready-reckoner land rate of the property's zone, ₹/m²; empty: the council's rate */
                    landRate?: string | number;
                    /** @description Appeal results and later changes */
                    aapilacheNikalAndFerfar?: string;
                    /** @description Remark on increase/decrease orders */
                    vadhKinvaGhatZalelyBabinchaAadeshSandarbhachaShera?: string;
                    /** @description Ignored: the council of the token */
                    createdByUserId?: unknown;
                } & {
                    [key: string]: unknown;
                };
            };
        };
        responses: {
            /** @description Created: the envelope with the new record */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "isSuccess": true,
                     *       "message": "मालमत्ता यशस्वीरीत्या नोंदवली गेली!",
                     *       "result": {
                     *         "ownerId": 41,
                     *         "propertyId": 128,
                     *         "serialNo": 17,
                     *         "malmattaNo": "१२/अ",
                     *         "malkacheNav": "रमेश गणपत पाटील",
                     *         "bhogwatdarakNav": "स्वतः",
                     *         "mobileNo": "9812345670",
                     *         "gatNo": "45",
                     *         "citySurveyNo": "102",
                     *         "roadLane": "मारुती मंदिर रस्ता",
                     *         "malmattaVarnan": "आर.सी.सी. घर",
                     *         "buildingType": "rcc",
                     *         "usage": "residential",
                     *         "milkatBandhakamYear": 2010,
                     *         "area": "538.20",
                     *         "areaSqm": "50.00",
                     *         "plotAreaSqm": null,
                     *         "landRate": "1200.00",
                     *         "ownLandRate": "1200.00",
                     *         "assessmentFromYear": 2026,
                     *         "constructionRate": "18000.00",
                     *         "buildingRate": "14400.00",
                     *         "ghasaraRate": "0.80",
                     *         "ghasaraDarUpdatedYear": 2026,
                     *         "buildingBharank": "1.00",
                     *         "bhandavaliRateRs": "780000.00",
                     *         "karachaRateRs": "1.20",
                     *         "gharpatti": "936.00",
                     *         "divabatti": "20.00",
                     *         "arogya": "20.00",
                     *         "panipatti": "300.00",
                     *         "total": "1276.00",
                     *         "aapilacheNikalAndFerfar": "",
                     *         "vadhKinvaGhatZalelyBabinchaAadeshSandarbhachaShera": "",
                     *         "propertyCreatedAt": "2026-04-02T05:30:00.000Z",
                     *         "updatedAt": "2026-04-02T05:30:00.000Z",
                     *         "version": 1,
                     *         "ownerVersion": 1
                     *       }
                     *     }
                     */
                    "application/json": {
                        isSuccess: boolean;
                        message: string;
                        result: {
                            ownerId: number;
                            propertyId: number;
                            /** @description The register’s running number (अनुक्रमांक), per council */
                            serialNo: number;
                            malmattaNo: string;
                            malkacheNav: string;
                            bhogwatdarakNav: string;
                            mobileNo: string;
                            gatNo: string;
                            citySurveyNo: string;
                            roadLane: string;
                            malmattaVarnan: string;
                            buildingType: string;
                            usage: string;
                            milkatBandhakamYear: number;
                            /** @description Rupees as a decimal string with 2 places */
                            area: string;
                            /** @description Rupees as a decimal string with 2 places */
                            areaSqm: string;
                            /** @description Rupees as a decimal string with 2 places */
                            plotAreaSqm: string | null;
                            /** @description Rupees as a decimal string with 2 places */
                            landRate: string;
                            /** @description The property's own land rate; null: the council's (landRate is the one used) */
                            ownLandRate: string | (never | null);
                            /** @description The tax year the tax columns of this row are in force from (0: since always); a later year means a change not yet in force */
                            assessmentFromYear: number;
                            /** @description Rupees as a decimal string with 2 places */
                            constructionRate: string;
                            /** @description Rupees as a decimal string with 2 places */
                            buildingRate: string;
                            /** @description Rupees as a decimal string with 2 places */
                            ghasaraRate: string;
                            ghasaraDarUpdatedYear: number;
                            /** @description Rupees as a decimal string with 2 places */
                            buildingBharank: string;
                            /** @description Rupees as a decimal string with 2 places */
                            bhandavaliRateRs: string;
                            /** @description Rupees as a decimal string with 2 places */
                            karachaRateRs: string;
                            /** @description Rupees as a decimal string with 2 places */
                            gharpatti: string;
                            /** @description Rupees as a decimal string with 2 places */
                            divabatti: string;
                            /** @description Rupees as a decimal string with 2 places */
                            arogya: string;
                            /** @description Rupees as a decimal string with 2 places */
                            panipatti: string;
                            /** @description Rupees as a decimal string with 2 places */
                            total: string;
                            aapilacheNikalAndFerfar: string;
                            vadhKinvaGhatZalelyBabinchaAadeshSandarbhachaShera: string;
                            propertyCreatedAt: string;
                            updatedAt: string;
                            /** @description The property's version: moves up on every change; send it back as If-Match on UpdateProperty (409 when someone changed it since) */
                            version: number;
                            /** @description The active owner's version: send it back as If-Match on UpdateOwner (409 when someone changed the owner since) */
                            ownerVersion: number;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getPropertiesPaged: {
        parameters: {
            query?: {
                /** @description The council id the earlier client sends; another council’s answers 404 */
                createdByUserId?: number;
                pageNumber?: number;
                pageSize?: number;
                /** @description Part of the property number, either digit style */
                searchMalmatta?: string;
                /** @description Part of the owner name */
                searchName?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK: the envelope with the result */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        isSuccess: boolean;
                        message: string;
                        result: {
                            rows: {
                                ownerId: number;
                                propertyId: number;
                                /** @description The register’s running number (अनुक्रमांक), per council */
                                serialNo: number;
                                malmattaNo: string;
                                malkacheNav: string;
                                bhogwatdarakNav: string;
                                mobileNo: string;
                                gatNo: string;
                                citySurveyNo: string;
                                roadLane: string;
                                malmattaVarnan: string;
                                buildingType: string;
                                usage: string;
                                milkatBandhakamYear: number;
                                /** @description Rupees as a decimal string with 2 places */
                                area: string;
                                /** @description Rupees as a decimal string with 2 places */
                                areaSqm: string;
                                /** @description Rupees as a decimal string with 2 places */
                                plotAreaSqm: string | null;
                                /** @description Rupees as a decimal string with 2 places */
                                landRate: string;
                                /** @description The property's own land rate; null: the council's (landRate is the one used) */
                                ownLandRate: string | (never | null);
                                /** @description The tax year the tax columns of this row are in force from (0: since always); a later year means a change not yet in force */
                                assessmentFromYear: number;
                                /** @description Rupees as a decimal string with 2 places */
                                constructionRate: string;
                                /** @description Rupees as a decimal string with 2 places */
                                buildingRate: string;
                                /** @description Rupees as a decimal string with 2 places */
                                ghasaraRate: string;
                                ghasaraDarUpdatedYear: number;
                                /** @description Rupees as a decimal string with 2 places */
                                buildingBharank: string;
                                /** @description Rupees as a decimal string with 2 places */
                                bhandavaliRateRs: string;
                                /** @description Rupees as a decimal string with 2 places */
                                karachaRateRs: string;
                                /** @description Rupees as a decimal string with 2 places */
                                gharpatti: string;
                                /** @description Rupees as a decimal string with 2 places */
                                divabatti: string;
                                /** @description Rupees as a decimal string with 2 places */
                                arogya: string;
                                /** @description Rupees as a decimal string with 2 places */
                                panipatti: string;
                                /** @description Rupees as a decimal string with 2 places */
                                total: string;
                                aapilacheNikalAndFerfar: string;
                                vadhKinvaGhatZalelyBabinchaAadeshSandarbhachaShera: string;
                                propertyCreatedAt: string;
                                updatedAt: string;
                                /** @description The property's version: moves up on every change; send it back as If-Match on UpdateProperty (409 when someone changed it since) */
                                version: number;
                                /** @description The active owner's version: send it back as If-Match on UpdateOwner (409 when someone changed the owner since) */
                                ownerVersion: number;
                            }[];
                            pageNumber: number;
                            pageSize: number;
                            totalPages: number;
                            totalCount: number;
                            /** @description true when more than 10,000 match: totalCount then says 10,000 and the screen shows "10,000+" */
                            totalCapped: boolean;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getPropertyByMalmatta: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Property number, either digit style */
                malmattaNo: string;
                /** @description The council id the earlier client sends; another council’s gives 404 */
                userId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK: the envelope with the result */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        isSuccess: boolean;
                        message: string;
                        result: {
                            ownerId: number;
                            propertyId: number;
                            /** @description The register’s running number (अनुक्रमांक), per council */
                            serialNo: number;
                            malmattaNo: string;
                            malkacheNav: string;
                            bhogwatdarakNav: string;
                            mobileNo: string;
                            gatNo: string;
                            citySurveyNo: string;
                            roadLane: string;
                            malmattaVarnan: string;
                            buildingType: string;
                            usage: string;
                            milkatBandhakamYear: number;
                            /** @description Rupees as a decimal string with 2 places */
                            area: string;
                            /** @description Rupees as a decimal string with 2 places */
                            areaSqm: string;
                            /** @description Rupees as a decimal string with 2 places */
                            plotAreaSqm: string | null;
                            /** @description Rupees as a decimal string with 2 places */
                            landRate: string;
                            /** @description The property's own land rate; null: the council's (landRate is the one used) */
                            ownLandRate: string | (never | null);
                            /** @description The tax year the tax columns of this row are in force from (0: since always); a later year means a change not yet in force */
                            assessmentFromYear: number;
                            /** @description Rupees as a decimal string with 2 places */
                            constructionRate: string;
                            /** @description Rupees as a decimal string with 2 places */
                            buildingRate: string;
                            /** @description Rupees as a decimal string with 2 places */
                            ghasaraRate: string;
                            ghasaraDarUpdatedYear: number;
                            /** @description Rupees as a decimal string with 2 places */
                            buildingBharank: string;
                            /** @description Rupees as a decimal string with 2 places */
                            bhandavaliRateRs: string;
                            /** @description Rupees as a decimal string with 2 places */
                            karachaRateRs: string;
                            /** @description Rupees as a decimal string with 2 places */
                            gharpatti: string;
                            /** @description Rupees as a decimal string with 2 places */
                            divabatti: string;
                            /** @description Rupees as a decimal string with 2 places */
                            arogya: string;
                            /** @description Rupees as a decimal string with 2 places */
                            panipatti: string;
                            /** @description Rupees as a decimal string with 2 places */
                            total: string;
                            aapilacheNikalAndFerfar: string;
                            vadhKinvaGhatZalelyBabinchaAadeshSandarbhachaShera: string;
                            propertyCreatedAt: string;
                            updatedAt: string;
                            /** @description The property's version: moves up on every change; send it back as If-Match on UpdateProperty (409 when someone changed it since) */
                            version: number;
                            /** @description The active owner's version: send it back as If-Match on UpdateOwner (409 when someone changed the owner since) */
                            ownerVersion: number;
                        }[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            414: components["responses"]["URITooLong"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getOwnersWithProperties: {
        parameters: {
            query?: {
                /** @description The council id the earlier client sends; another council’s answers 404 */
                grampanchayatId?: number;
                pageNumber?: number;
                pageSize?: number;
                ownerName?: string;
                malmattaNo?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK: the envelope with the result */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        isSuccess: boolean;
                        message: string;
                        result: {
                            items: {
                                ownerId: number;
                                propertyId: number;
                                /** @description The register’s running number (अनुक्रमांक), per council */
                                serialNo: number;
                                malmattaNo: string;
                                malkacheNav: string;
                                bhogwatdarakNav: string;
                                mobileNo: string;
                                gatNo: string;
                                citySurveyNo: string;
                                roadLane: string;
                                malmattaVarnan: string;
                                buildingType: string;
                                usage: string;
                                milkatBandhakamYear: number;
                                /** @description Rupees as a decimal string with 2 places */
                                area: string;
                                /** @description Rupees as a decimal string with 2 places */
                                areaSqm: string;
                                /** @description Rupees as a decimal string with 2 places */
                                plotAreaSqm: string | null;
                                /** @description Rupees as a decimal string with 2 places */
                                landRate: string;
                                /** @description The property's own land rate; null: the council's (landRate is the one used) */
                                ownLandRate: string | (never | null);
                                /** @description The tax year the tax columns of this row are in force from (0: since always); a later year means a change not yet in force */
                                assessmentFromYear: number;
                                /** @description Rupees as a decimal string with 2 places */
                                constructionRate: string;
                                /** @description Rupees as a decimal string with 2 places */
                                buildingRate: string;
                                /** @description Rupees as a decimal string with 2 places */
                                ghasaraRate: string;
                                ghasaraDarUpdatedYear: number;
                                /** @description Rupees as a decimal string with 2 places */
                                buildingBharank: string;
                                /** @description Rupees as a decimal string with 2 places */
                                bhandavaliRateRs: string;
                                /** @description Rupees as a decimal string with 2 places */
                                karachaRateRs: string;
                                /** @description Rupees as a decimal string with 2 places */
                                gharpatti: string;
                                /** @description Rupees as a decimal string with 2 places */
                                divabatti: string;
                                /** @description Rupees as a decimal string with 2 places */
                                arogya: string;
                                /** @description Rupees as a decimal string with 2 places */
                                panipatti: string;
                                /** @description Rupees as a decimal string with 2 places */
                                total: string;
                                aapilacheNikalAndFerfar: string;
                                vadhKinvaGhatZalelyBabinchaAadeshSandarbhachaShera: string;
                                propertyCreatedAt: string;
                                updatedAt: string;
                                /** @description The property's version: moves up on every change; send it back as If-Match on UpdateProperty (409 when someone changed it since) */
                                version: number;
                                /** @description The active owner's version: send it back as If-Match on UpdateOwner (409 when someone changed the owner since) */
                                ownerVersion: number;
                            }[];
                            pageNumber: number;
                            pageSize: number;
                            totalPages: number;
                            totalCount: number;
                            /** @description true when more than 10,000 match */
                            totalCapped: boolean;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    updateOwner: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    ownerId?: number | string;
                    /** @description Ignored: the number belongs to the property (UpdateProperty) */
                    malmattaNo?: string;
                    malkacheNav?: string;
                    bhogwatdarakNav?: string;
                    mobileNo?: string;
                } & {
                    [key: string]: unknown;
                };
            };
        };
        responses: {
            /** @description OK: the envelope with the result */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        isSuccess: boolean;
                        message: string;
                        result: {
                            ownerId: number;
                            propertyId: number;
                            /** @description The register’s running number (अनुक्रमांक), per council */
                            serialNo: number;
                            malmattaNo: string;
                            malkacheNav: string;
                            bhogwatdarakNav: string;
                            mobileNo: string;
                            gatNo: string;
                            citySurveyNo: string;
                            roadLane: string;
                            malmattaVarnan: string;
                            buildingType: string;
                            usage: string;
                            milkatBandhakamYear: number;
                            /** @description Rupees as a decimal string with 2 places */
                            area: string;
                            /** @description Rupees as a decimal string with 2 places */
                            areaSqm: string;
                            /** @description Rupees as a decimal string with 2 places */
                            plotAreaSqm: string | null;
                            /** @description Rupees as a decimal string with 2 places */
                            landRate: string;
                            /** @description The property's own land rate; null: the council's (landRate is the one used) */
                            ownLandRate: string | (never | null);
                            /** @description The tax year the tax columns of this row are in force from (0: since always); a later year means a change not yet in force */
                            assessmentFromYear: number;
                            /** @description Rupees as a decimal string with 2 places */
                            constructionRate: string;
                            /** @description Rupees as a decimal string with 2 places */
                            buildingRate: string;
                            /** @description Rupees as a decimal string with 2 places */
                            ghasaraRate: string;
                            ghasaraDarUpdatedYear: number;
                            /** @description Rupees as a decimal string with 2 places */
                            buildingBharank: string;
                            /** @description Rupees as a decimal string with 2 places */
                            bhandavaliRateRs: string;
                            /** @description Rupees as a decimal string with 2 places */
                            karachaRateRs: string;
                            /** @description Rupees as a decimal string with 2 places */
                            gharpatti: string;
                            /** @description Rupees as a decimal string with 2 places */
                            divabatti: string;
                            /** @description Rupees as a decimal string with 2 places */
                            arogya: string;
                            /** @description Rupees as a decimal string with 2 places */
                            panipatti: string;
                            /** @description Rupees as a decimal string with 2 places */
                            total: string;
                            aapilacheNikalAndFerfar: string;
                            vadhKinvaGhatZalelyBabinchaAadeshSandarbhachaShera: string;
                            propertyCreatedAt: string;
                            updatedAt: string;
                            /** @description The property's version: moves up on every change; send it back as If-Match on UpdateProperty (409 when someone changed it since) */
                            version: number;
                            /** @description The active owner's version: send it back as If-Match on UpdateOwner (409 when someone changed the owner since) */
                            ownerVersion: number;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    updateOwnerPost: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    ownerId?: number | string;
                    /** @description Ignored: the number belongs to the property (UpdateProperty) */
                    malmattaNo?: string;
                    malkacheNav?: string;
                    bhogwatdarakNav?: string;
                    mobileNo?: string;
                } & {
                    [key: string]: unknown;
                };
            };
        };
        responses: {
            /** @description OK: the envelope with the result */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        isSuccess: boolean;
                        message: string;
                        result: {
                            ownerId: number;
                            propertyId: number;
                            /** @description The register’s running number (अनुक्रमांक), per council */
                            serialNo: number;
                            malmattaNo: string;
                            malkacheNav: string;
                            bhogwatdarakNav: string;
                            mobileNo: string;
                            gatNo: string;
                            citySurveyNo: string;
                            roadLane: string;
                            malmattaVarnan: string;
                            buildingType: string;
                            usage: string;
                            milkatBandhakamYear: number;
                            /** @description Rupees as a decimal string with 2 places */
                            area: string;
                            /** @description Rupees as a decimal string with 2 places */
                            areaSqm: string;
                            /** @description Rupees as a decimal string with 2 places */
                            plotAreaSqm: string | null;
                            /** @description Rupees as a decimal string with 2 places */
                            landRate: string;
                            /** @description The property's own land rate; null: the council's (landRate is the one used) */
                            ownLandRate: string | (never | null);
                            /** @description The tax year the tax columns of this row are in force from (0: since always); a later year means a change not yet in force */
                            assessmentFromYear: number;
                            /** @description Rupees as a decimal string with 2 places */
                            constructionRate: string;
                            /** @description Rupees as a decimal string with 2 places */
                            buildingRate: string;
                            /** @description Rupees as a decimal string with 2 places */
                            ghasaraRate: string;
                            ghasaraDarUpdatedYear: number;
                            /** @description Rupees as a decimal string with 2 places */
                            buildingBharank: string;
                            /** @description Rupees as a decimal string with 2 places */
                            bhandavaliRateRs: string;
                            /** @description Rupees as a decimal string with 2 places */
                            karachaRateRs: string;
                            /** @description Rupees as a decimal string with 2 places */
                            gharpatti: string;
                            /** @description Rupees as a decimal string with 2 places */
                            divabatti: string;
                            /** @description Rupees as a decimal string with 2 places */
                            arogya: string;
                            /** @description Rupees as a decimal string with 2 places */
                            panipatti: string;
                            /** @description Rupees as a decimal string with 2 places */
                            total: string;
                            aapilacheNikalAndFerfar: string;
                            vadhKinvaGhatZalelyBabinchaAadeshSandarbhachaShera: string;
                            propertyCreatedAt: string;
                            updatedAt: string;
                            /** @description The property's version: moves up on every change; send it back as If-Match on UpdateProperty (409 when someone changed it since) */
                            version: number;
                            /** @description The active owner's version: send it back as If-Match on UpdateOwner (409 when someone changed the owner since) */
                            ownerVersion: number;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    updateOwnerById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                ownerId: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    ownerId?: number | string;
                    /** @description Ignored: the number belongs to the property (UpdateProperty) */
                    malmattaNo?: string;
                    malkacheNav?: string;
                    bhogwatdarakNav?: string;
                    mobileNo?: string;
                } & {
                    [key: string]: unknown;
                };
            };
        };
        responses: {
            /** @description OK: the envelope with the result */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        isSuccess: boolean;
                        message: string;
                        result: {
                            ownerId: number;
                            propertyId: number;
                            /** @description The register’s running number (अनुक्रमांक), per council */
                            serialNo: number;
                            malmattaNo: string;
                            malkacheNav: string;
                            bhogwatdarakNav: string;
                            mobileNo: string;
                            gatNo: string;
                            citySurveyNo: string;
                            roadLane: string;
                            malmattaVarnan: string;
                            buildingType: string;
                            usage: string;
                            milkatBandhakamYear: number;
                            /** @description Rupees as a decimal string with 2 places */
                            area: string;
                            /** @description Rupees as a decimal string with 2 places */
                            areaSqm: string;
                            /** @description Rupees as a decimal string with 2 places */
                            plotAreaSqm: string | null;
                            /** @description Rupees as a decimal string with 2 places */
                            landRate: string;
                            /** @description The property's own land rate; null: the council's (landRate is the one used) */
                            ownLandRate: string | (never | null);
                            /** @description The tax year the tax columns of this row are in force from (0: since always); a later year means a change not yet in force */
                            assessmentFromYear: number;
                            /** @description Rupees as a decimal string with 2 places */
                            constructionRate: string;
                            /** @description Rupees as a decimal string with 2 places */
                            buildingRate: string;
                            /** @description Rupees as a decimal string with 2 places */
                            ghasaraRate: string;
                            ghasaraDarUpdatedYear: number;
                            /** @description Rupees as a decimal string with 2 places */
                            buildingBharank: string;
                            /** @description Rupees as a decimal string with 2 places */
                            bhandavaliRateRs: string;
                            /** @description Rupees as a decimal string with 2 places */
                            karachaRateRs: string;
                            /** @description Rupees as a decimal string with 2 places */
                            gharpatti: string;
                            /** @description Rupees as a decimal string with 2 places */
                            divabatti: string;
                            /** @description Rupees as a decimal string with 2 places */
                            arogya: string;
                            /** @description Rupees as a decimal string with 2 places */
                            panipatti: string;
                            /** @description Rupees as a decimal string with 2 places */
                            total: string;
                            aapilacheNikalAndFerfar: string;
                            vadhKinvaGhatZalelyBabinchaAadeshSandarbhachaShera: string;
                            propertyCreatedAt: string;
                            updatedAt: string;
                            /** @description The property's version: moves up on every change; send it back as If-Match on UpdateProperty (409 when someone changed it since) */
                            version: number;
                            /** @description The active owner's version: send it back as If-Match on UpdateOwner (409 when someone changed the owner since) */
                            ownerVersion: number;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            414: components["responses"]["URITooLong"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    updateOwnerByIdPost: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                ownerId: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    ownerId?: number | string;
                    /** @description Ignored: the number belongs to the property (UpdateProperty) */
                    malmattaNo?: string;
                    malkacheNav?: string;
                    bhogwatdarakNav?: string;
                    mobileNo?: string;
                } & {
                    [key: string]: unknown;
                };
            };
        };
        responses: {
            /** @description OK: the envelope with the result */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        isSuccess: boolean;
                        message: string;
                        result: {
                            ownerId: number;
                            propertyId: number;
                            /** @description The register’s running number (अनुक्रमांक), per council */
                            serialNo: number;
                            malmattaNo: string;
                            malkacheNav: string;
                            bhogwatdarakNav: string;
                            mobileNo: string;
                            gatNo: string;
                            citySurveyNo: string;
                            roadLane: string;
                            malmattaVarnan: string;
                            buildingType: string;
                            usage: string;
                            milkatBandhakamYear: number;
                            /** @description Rupees as a decimal string with 2 places */
                            area: string;
                            /** @description Rupees as a decimal string with 2 places */
                            areaSqm: string;
                            /** @description Rupees as a decimal string with 2 places */
                            plotAreaSqm: string | null;
                            /** @description Rupees as a decimal string with 2 places */
                            landRate: string;
                            /** @description The property's own land rate; null: the council's (landRate is the one used) */
                            ownLandRate: string | (never | null);
                            /** @description The tax year the tax columns of this row are in force from (0: since always); a later year means a change not yet in force */
                            assessmentFromYear: number;
                            /** @description Rupees as a decimal string with 2 places */
                            constructionRate: string;
                            /** @description Rupees as a decimal string with 2 places */
                            buildingRate: string;
                            /** @description Rupees as a decimal string with 2 places */
                            ghasaraRate: string;
                            ghasaraDarUpdatedYear: number;
                            /** @description Rupees as a decimal string with 2 places */
                            buildingBharank: string;
                            /** @description Rupees as a decimal string with 2 places */
                            bhandavaliRateRs: string;
                            /** @description Rupees as a decimal string with 2 places */
                            karachaRateRs: string;
                            /** @description Rupees as a decimal string with 2 places */
                            gharpatti: string;
                            /** @description Rupees as a decimal string with 2 places */
                            divabatti: string;
                            /** @description Rupees as a decimal string with 2 places */
                            arogya: string;
                            /** @description Rupees as a decimal string with 2 places */
                            panipatti: string;
                            /** @description Rupees as a decimal string with 2 places */
                            total: string;
                            aapilacheNikalAndFerfar: string;
                            vadhKinvaGhatZalelyBabinchaAadeshSandarbhachaShera: string;
                            propertyCreatedAt: string;
                            updatedAt: string;
                            /** @description The property's version: moves up on every change; send it back as If-Match on UpdateProperty (409 when someone changed it since) */
                            version: number;
                            /** @description The active owner's version: send it back as If-Match on UpdateOwner (409 when someone changed the owner since) */
                            ownerVersion: number;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            414: components["responses"]["URITooLong"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    updateProperty: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The property to change */
                    propertyId: number | string;
                    /** @description Ignored here: owner details change through UpdateOwner */
                    ownerId?: unknown;
                    /** @description Property number as written (१२/अ or 12/A) */
                    malmattaNo?: string;
                    /** @description Gat (survey) number */
                    gatNo?: string;
                    /** @description City survey number */
                    citySurveyNo?: string;
                    /** @description Road or lane (रस्ता / गल्ली), the register’s second column */
                    roadLane?: string;
                    /** @description Description of the property */
                    malmattaVarnan?: string;
                    /** @description Building type: hut, stoneMud, stoneCement, rcc, openLand (default rcc) */
                    buildingType?: string;
                    /** @description Use: residential, industrial, commercial (default residential) */
                    usage?: string;
                    /** @description Construction year; 0 or empty for open land */
                    milkatBandhakamYear?: string | number;
                    /** @description Built-up area in m² (for open land: the plot) */
                    areaSqm?: string | number;
                    /** @description Area in sq ft; used only when areaSqm is empty (converted at 10.7639 sq ft per m²) */
                    area?: string | number;
                    plotAreaSqm?: (string | number) | (never | null);
                    /** @description Ready-reckoner land rate of the property's zone, ₹/m²; empty: the council's rate */
                    landRate?: string | number;
                    /** @description Appeal results and later changes */
                    aapilacheNikalAndFerfar?: string;
                    /** @description Remark on increase/decrease orders */
                    vadhKinvaGhatZalelyBabinchaAadeshSandarbhachaShera?: string;
                    /** @description next: from the next tax year (the default once this year is billed; the bill already raised stays); current: this tax year, correcting its demand by entries (needs orderReference when it is billed) */
                    applyFrom?: "next" | "current";
                    /** @description The order or resolution number a change to a billed year is made under */
                    orderReference?: string;
                } & {
                    [key: string]: unknown;
                };
            };
        };
        responses: {
            /** @description OK: the envelope with the result */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        isSuccess: boolean;
                        message: string;
                        result: {
                            ownerId: number;
                            propertyId: number;
                            /** @description The register’s running number (अनुक्रमांक), per council */
                            serialNo: number;
                            malmattaNo: string;
                            malkacheNav: string;
                            bhogwatdarakNav: string;
                            mobileNo: string;
                            gatNo: string;
                            citySurveyNo: string;
                            roadLane: string;
                            malmattaVarnan: string;
                            buildingType: string;
                            usage: string;
                            milkatBandhakamYear: number;
                            /** @description Rupees as a decimal string with 2 places */
                            area: string;
                            /** @description Rupees as a decimal string with 2 places */
                            areaSqm: string;
                            /** @description Rupees as a decimal string with 2 places */
                            plotAreaSqm: string | null;
                            /** @description Rupees as a decimal string with 2 places */
                            landRate: string;
                            /** @description The property's own land rate; null: the council's (landRate is the one used) */
                            ownLandRate: string | (never | null);
                            /** @description The tax year the tax columns of this row are in force from (0: since always); a later year means a change not yet in force */
                            assessmentFromYear: number;
                            /** @description Rupees as a decimal string with 2 places */
                            constructionRate: string;
                            /** @description Rupees as a decimal string with 2 places */
                            buildingRate: string;
                            /** @description Rupees as a decimal string with 2 places */
                            ghasaraRate: string;
                            ghasaraDarUpdatedYear: number;
                            /** @description Rupees as a decimal string with 2 places */
                            buildingBharank: string;
                            /** @description Rupees as a decimal string with 2 places */
                            bhandavaliRateRs: string;
                            /** @description Rupees as a decimal string with 2 places */
                            karachaRateRs: string;
                            /** @description Rupees as a decimal string with 2 places */
                            gharpatti: string;
                            /** @description Rupees as a decimal string with 2 places */
                            divabatti: string;
                            /** @description Rupees as a decimal string with 2 places */
                            arogya: string;
                            /** @description Rupees as a decimal string with 2 places */
                            panipatti: string;
                            /** @description Rupees as a decimal string with 2 places */
                            total: string;
                            aapilacheNikalAndFerfar: string;
                            vadhKinvaGhatZalelyBabinchaAadeshSandarbhachaShera: string;
                            propertyCreatedAt: string;
                            updatedAt: string;
                            /** @description The property's version: moves up on every change; send it back as If-Match on UpdateProperty (409 when someone changed it since) */
                            version: number;
                            /** @description The active owner's version: send it back as If-Match on UpdateOwner (409 when someone changed the owner since) */
                            ownerVersion: number;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    updatePropertyPost: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The property to change */
                    propertyId: number | string;
                    /** @description Ignored here: owner details change through UpdateOwner */
                    ownerId?: unknown;
                    /** @description Property number as written (१२/अ or 12/A) */
                    malmattaNo?: string;
                    /** @description Gat (survey) number */
                    gatNo?: string;
                    /** @description City survey number */
                    citySurveyNo?: string;
                    /** @description Road or lane (रस्ता / गल्ली), the register’s second column */
                    roadLane?: string;
                    /** @description Description of the property */
                    malmattaVarnan?: string;
                    /** @description Building type: hut, stoneMud, stoneCement, rcc, openLand (default rcc) */
                    buildingType?: string;
                    /** @description Use: residential, industrial, commercial (default residential) */
                    usage?: string;
                    /** @description Construction year; 0 or empty for open land */
                    milkatBandhakamYear?: string | number;
                    /** @description Built-up area in m² (for open land: the plot) */
                    areaSqm?: string | number;
                    /** @description Area in sq ft; used only when areaSqm is empty (converted at 10.7639 sq ft per m²) */
                    area?: string | number;
                    plotAreaSqm?: (string | number) | (never | null);
                    /** @description Ready-reckoner land rate of the property's zone, ₹/m²; empty: the council's rate */
                    landRate?: string | number;
                    /** @description Appeal results and later changes */
                    aapilacheNikalAndFerfar?: string;
                    /** @description Remark on increase/decrease orders */
                    vadhKinvaGhatZalelyBabinchaAadeshSandarbhachaShera?: string;
                    /** @description next: from the next tax year (the default once this year is billed; the bill already raised stays); current: this tax year, correcting its demand by entries (needs orderReference when it is billed) */
                    applyFrom?: "next" | "current";
                    /** @description The order or resolution number a change to a billed year is made under */
                    orderReference?: string;
                } & {
                    [key: string]: unknown;
                };
            };
        };
        responses: {
            /** @description OK: the envelope with the result */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        isSuccess: boolean;
                        message: string;
                        result: {
                            ownerId: number;
                            propertyId: number;
                            /** @description The register’s running number (अनुक्रमांक), per council */
                            serialNo: number;
                            malmattaNo: string;
                            malkacheNav: string;
                            bhogwatdarakNav: string;
                            mobileNo: string;
                            gatNo: string;
                            citySurveyNo: string;
                            roadLane: string;
                            malmattaVarnan: string;
                            buildingType: string;
                            usage: string;
                            milkatBandhakamYear: number;
                            /** @description Rupees as a decimal string with 2 places */
                            area: string;
                            /** @description Rupees as a decimal string with 2 places */
                            areaSqm: string;
                            /** @description Rupees as a decimal string with 2 places */
                            plotAreaSqm: string | null;
                            /** @description Rupees as a decimal string with 2 places */
                            landRate: string;
                            /** @description The property's own land rate; null: the council's (landRate is the one used) */
                            ownLandRate: string | (never | null);
                            /** @description The tax year the tax columns of this row are in force from (0: since always); a later year means a change not yet in force */
                            assessmentFromYear: number;
                            /** @description Rupees as a decimal string with 2 places */
                            constructionRate: string;
                            /** @description Rupees as a decimal string with 2 places */
                            buildingRate: string;
                            /** @description Rupees as a decimal string with 2 places */
                            ghasaraRate: string;
                            ghasaraDarUpdatedYear: number;
                            /** @description Rupees as a decimal string with 2 places */
                            buildingBharank: string;
                            /** @description Rupees as a decimal string with 2 places */
                            bhandavaliRateRs: string;
                            /** @description Rupees as a decimal string with 2 places */
                            karachaRateRs: string;
                            /** @description Rupees as a decimal string with 2 places */
                            gharpatti: string;
                            /** @description Rupees as a decimal string with 2 places */
                            divabatti: string;
                            /** @description Rupees as a decimal string with 2 places */
                            arogya: string;
                            /** @description Rupees as a decimal string with 2 places */
                            panipatti: string;
                            /** @description Rupees as a decimal string with 2 places */
                            total: string;
                            aapilacheNikalAndFerfar: string;
                            vadhKinvaGhatZalelyBabinchaAadeshSandarbhachaShera: string;
                            propertyCreatedAt: string;
                            updatedAt: string;
                            /** @description The property's version: moves up on every change; send it back as If-Match on UpdateProperty (409 when someone changed it since) */
                            version: number;
                            /** @description The active owner's version: send it back as If-Match on UpdateOwner (409 when someone changed the owner since) */
                            ownerVersion: number;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getPropertyImportTemplate: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description namuna8-import-template.xlsx */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": string;
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    importProperties: {
        parameters: {
            query?: {
                /** @description true (default): check every row and write nothing; false: write when every row is good */
                dryRun?: boolean;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK: the envelope with the result */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        isSuccess: boolean;
                        message: string;
                        result: {
                            dryRun: boolean;
                            rows: number;
                            created: number;
                            unchanged: number;
                            written: boolean;
                            problems: {
                                /** @description Row number in the sheet */
                                row: number;
                                field: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getNamuna8Pdf: {
        parameters: {
            query: {
                malmattaNo: string;
                /** @description Another council’s id answers 404 */
                createdByUserId?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Number8_{malmattaNo}.pdf */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/pdf": string;
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    suggestPublicProperties: {
        parameters: {
            query: {
                /** @description Search by property number or by owner name */
                type: "malmatta" | "owner";
                /** @description At least one character */
                q: string;
                /** @description A solved challenge of GET /api/public/pow: base64 of JSON { challenge, solution } (ALTCHA v2). Required; one per request */
                altcha?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK: the envelope with the result */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        isSuccess: boolean;
                        message: string;
                        result: {
                            malmattaNo: string;
                            malkacheNav: string;
                        }[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getPublicProperty: {
        parameters: {
            query?: {
                captchaId?: string;
                captcha?: string;
                /** @description A solved challenge of GET /api/public/pow: base64 of JSON { challenge, solution } (ALTCHA v2). Required; one per request */
                altcha?: string;
            };
            header?: never;
            path: {
                malmattaNo: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK: the envelope with the result */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        isSuccess: boolean;
                        message: string;
                        result: {
                            malmattaNo: string;
                            malkacheNav: string;
                            bhogwatdarakNav: string;
                            /** @description Masked: XXXXXX1234 */
                            mobileNo: string;
                            gatNo: string;
                            citySurveyNo: string;
                            malmattaVarnan: string;
                            milkatBandhakamYear: number;
                            /** @description Rupees as a decimal string with 2 places */
                            areaSqm: string;
                            /** @description Rupees as a decimal string with 2 places */
                            landRate: string;
                            /** @description Rupees as a decimal string with 2 places */
                            buildingRate: string;
                            /** @description Rupees as a decimal string with 2 places */
                            constructionRate: string;
                            /** @description Rupees as a decimal string with 2 places */
                            ghasaraRate: string;
                            /** @description Rupees as a decimal string with 2 places */
                            bhandavaliRateRs: string;
                            /** @description Rupees as a decimal string with 2 places */
                            karachaRateRs: string;
                            /** @description Rupees as a decimal string with 2 places */
                            gharpatti: string;
                            /** @description Rupees as a decimal string with 2 places */
                            divabatti: string;
                            /** @description Rupees as a decimal string with 2 places */
                            arogya: string;
                            /** @description Rupees as a decimal string with 2 places */
                            panipatti: string;
                            /** @description Rupees as a decimal string with 2 places */
                            total: string;
                            /** @description Outstanding tax per head; null when the office has no tax record for it */
                            dues: {
                                gharpatti: {
                                    /** @description Rupees as a decimal string with 2 places */
                                    magil: string;
                                    /** @description Rupees as a decimal string with 2 places */
                                    chalu: string;
                                    /** @description Rupees as a decimal string with 2 places */
                                    total: string;
                                };
                                divabatti: {
                                    /** @description Rupees as a decimal string with 2 places */
                                    magil: string;
                                    /** @description Rupees as a decimal string with 2 places */
                                    chalu: string;
                                    /** @description Rupees as a decimal string with 2 places */
                                    total: string;
                                };
                                arogyakar: {
                                    /** @description Rupees as a decimal string with 2 places */
                                    magil: string;
                                    /** @description Rupees as a decimal string with 2 places */
                                    chalu: string;
                                    /** @description Rupees as a decimal string with 2 places */
                                    total: string;
                                };
                                panipatti: {
                                    /** @description Rupees as a decimal string with 2 places */
                                    magil: string;
                                    /** @description Rupees as a decimal string with 2 places */
                                    chalu: string;
                                    /** @description Rupees as a decimal string with 2 places */
                                    total: string;
                                };
                                /** @description Rupees as a decimal string with 2 places */
                                total: string;
                                karupdatedYear: number;
                            } | null;
                            /** @description Pay the outstanding total by UPI; null when the office has set no UPI id or nothing is due */
                            upi: {
                                /** @description upi://pay?pa=…&pn=…&am=…&cu=INR&tr=<billNo>&tn=… (NPCI linking specification); a phone opens the UPI app */
                                link: string;
                                /** @description Rupees as a decimal string with 2 places */
                                amount: string;
                                /** @description The 9-क bill the payment names (tr), e.g. GP2026B17 */
                                billNo: string;
                            } | null;
                            /** @description The property tax certificate page of this property, signed as its printed QR code is: /propertyqr/{malmattaNo}/{council}?s=… */
                            certificateLink: string;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
            414: components["responses"]["URITooLong"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getPropertyCertificate: {
        parameters: {
            query?: {
                /** @description The signature the council’s QR code carries (HMAC of the council and the property number). With the right one the certificate is limited per address only (PUBLIC_SIGNED_CERTIFICATE_LIMIT); without it, or with a wrong one, per address and per council (PUBLIC_CERTIFICATE_ADDRESS_LIMIT, PUBLIC_CERTIFICATE_COUNCIL_LIMIT) */
                s?: string;
            };
            header?: never;
            path: {
                malmattaNo: string;
                userId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK: the envelope with the result */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        isSuccess: boolean;
                        message: string;
                        result: {
                            malmattaNo: string;
                            malkacheNav: string;
                            bhogwatdarakNav: string;
                            /** @description Masked */
                            mobileNo: string;
                            gatNo: string;
                            malmattaVarnan: string;
                            /** @description Rupees as a decimal string with 2 places */
                            areaSqm: string;
                            milkatBandhakamYear: number;
                            propertyCreatedAt: string;
                            /** @description Rupees as a decimal string with 2 places */
                            constructionRate: string;
                            /** @description Rupees as a decimal string with 2 places */
                            ghasaraRate: string;
                            /** @description Rupees as a decimal string with 2 places */
                            bhandavaliRateRs: string;
                            /** @description Rupees as a decimal string with 2 places */
                            karachaRateRs: string;
                            /** @description Rupees as a decimal string with 2 places */
                            gharpatti: string;
                            /** @description Rupees as a decimal string with 2 places */
                            divabatti: string;
                            /** @description Rupees as a decimal string with 2 places */
                            arogya: string;
                            /** @description Rupees as a decimal string with 2 places */
                            panipatti: string;
                            /** @description Rupees as a decimal string with 2 places */
                            total: string;
                            officeName: string;
                            officeNameEnglish: string;
                        }[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
            414: components["responses"]["URITooLong"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    addPropertyTransfer: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "malmatta_no": "१२/अ",
                 *       "ferfar_karan": "खरेदीखत",
                 *       "sadya_malakache_nav": "रमेश गणपत पाटील",
                 *       "bhogwatadharak_nav": "स्वतः",
                 *       "navin_malakache_nav": "सुरेश रामचंद्र जाधव",
                 *       "navin_malakache_mobile": "9876543210",
                 *       "varasache_nav": "",
                 *       "ferfar_date": "2026-04-15",
                 *       "reference_no": "दस्त क्र. १२३४/२०२६",
                 *       "note": ""
                 *     }
                 */
                "application/json": {
                    /** @description Property number (either digit style) */
                    malmatta_no?: string | null;
                    /** @description Reason of the transfer: sale, inheritance, gift, court order… */
                    ferfar_karan?: string | null;
                    /** @description Current owner as the register shows it */
                    sadya_malakache_nav?: string | null;
                    /** @description Occupier after the transfer */
                    bhogwatadharak_nav?: string | null;
                    /** @description New owner */
                    navin_malakache_nav?: string | null;
                    /** @description New owner's 10-digit mobile number (+91 and spaces allowed); becomes the owner's mobileNo */
                    navin_malakache_mobile?: string | null;
                    /** @description Heir, for an inheritance; stored as NO when blank */
                    varasache_nav?: string | null;
                    /** @description Date of the transfer, YYYY-MM-DD; not in the future */
                    ferfar_date?: string | null;
                    /** @description Deed, order or application number */
                    reference_no?: string | null;
                    /** @description Note */
                    note?: string | null;
                    /** @description Ignored: the council of the token */
                    createdByUserId?: unknown;
                } & {
                    [key: string]: unknown;
                };
            };
        };
        responses: {
            /** @description Created: the envelope with the new record */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "isSuccess": true,
                     *       "message": "फेरफार क्रमांक 1 नोंदवला / Transfer recorded as ferfar 1",
                     *       "result": {
                     *         "ferfarNumber": 1,
                     *         "malmattaNo": "१२/अ",
                     *         "ferfarKaran": "खरेदीखत",
                     *         "ferfarDate": "2026-04-15",
                     *         "sadyaMalakacheNav": "रमेश गणपत पाटील",
                     *         "bhogwatdarakachNav": "स्वतः",
                     *         "navinMalakacheNav": "सुरेश रामचंद्र जाधव",
                     *         "varasacheNav": "NO",
                     *         "referenceNo": "दस्त क्र. १२३४/२०२६",
                     *         "note": "",
                     *         "createdAt": "2026-04-15T06:30:00.000Z",
                     *         "updatedAt": "2026-04-15T06:30:00.000Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        isSuccess: boolean;
                        message: string;
                        result: {
                            /** @description Per council, 1, 2, 3… without gaps */
                            ferfarNumber: number;
                            malmattaNo: string;
                            ferfarKaran: string;
                            /** @description YYYY-MM-DD */
                            ferfarDate: string;
                            sadyaMalakacheNav: string;
                            bhogwatdarakachNav: string;
                            navinMalakacheNav: string;
                            varasacheNav: string;
                            referenceNo: string;
                            note: string;
                            createdAt: string;
                            updatedAt: string;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getPropertyTransferByFerfar: {
        parameters: {
            query: {
                /** @description The ferfar number */
                ferfarNumber: number;
                /** @description Another council’s id answers 404 */
                createdByUserId?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK: the envelope with the result */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        isSuccess: boolean;
                        message: string;
                        result: {
                            /** @description Per council, 1, 2, 3… without gaps */
                            ferfarNumber: number;
                            malmattaNo: string;
                            ferfarKaran: string;
                            /** @description YYYY-MM-DD */
                            ferfarDate: string;
                            sadyaMalakacheNav: string;
                            bhogwatdarakachNav: string;
                            navinMalakacheNav: string;
                            varasacheNav: string;
                            referenceNo: string;
                            note: string;
                            createdAt: string;
                            updatedAt: string;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getOwnershipHistory: {
        parameters: {
            query: {
                malmattaNo: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK: the envelope with the result */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        isSuccess: boolean;
                        message: string;
                        result: {
                            malmattaNo: string;
                            owners: {
                                ownerId: number;
                                malkacheNav: string;
                                bhogwatdarakNav: string;
                                isActive: boolean;
                                /** @description new or transfer */
                                reason: string;
                                since: string;
                                ferfarNumber: number | null;
                            }[];
                            transfers: {
                                /** @description Per council, 1, 2, 3… without gaps */
                                ferfarNumber: number;
                                malmattaNo: string;
                                ferfarKaran: string;
                                /** @description YYYY-MM-DD */
                                ferfarDate: string;
                                sadyaMalakacheNav: string;
                                bhogwatdarakachNav: string;
                                navinMalakacheNav: string;
                                varasacheNav: string;
                                referenceNo: string;
                                note: string;
                                createdAt: string;
                                updatedAt: string;
                            }[];
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getKarDetailsByOwner: {
        parameters: {
            query: {
                ownerId: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK: the envelope with the result */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        isSuccess: boolean;
                        message: string;
                        result: {
                            karId: number;
                            /** @description The same as karId (the earlier client reads this spelling) */
                            karid: number;
                            propertyId: number;
                            malmattaNo: string;
                            malkacheNav: string;
                            /** @description Rupees as a decimal string with 2 places */
                            magilGharpatti: string;
                            /** @description Rupees as a decimal string with 2 places */
                            chaluGharpatti: string;
                            /** @description Rupees as a decimal string with 2 places */
                            magilDivabatti: string;
                            /** @description Rupees as a decimal string with 2 places */
                            chaluDivabatti: string;
                            /** @description Rupees as a decimal string with 2 places */
                            magilArogyakar: string;
                            /** @description Rupees as a decimal string with 2 places */
                            chaluArogyakar: string;
                            /** @description Rupees as a decimal string with 2 places */
                            magilPanipatti: string;
                            /** @description Rupees as a decimal string with 2 places */
                            chaluPanipatti: string;
                            /** @description Rupees as a decimal string with 2 places */
                            totalGharpatti: string;
                            /** @description Rupees as a decimal string with 2 places */
                            totalDivabatti: string;
                            /** @description Rupees as a decimal string with 2 places */
                            totalArogyakar: string;
                            /** @description Rupees as a decimal string with 2 places */
                            totalPanipatti: string;
                            /** @description Rupees as a decimal string with 2 places */
                            total: string;
                            /** @description The same as total */
                            rowTotal: string;
                            /** @description Money held for the property above what it owes (आगाऊ जमा), set against the next demand; not in total */
                            advance?: string;
                            /** @description The tax (financial) year of the current demand: 2026 for 2026-27 */
                            karupdatedYear: number;
                        }[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    addKarDetails: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The property, as in the register (either digit style) */
                    malmattaNo: string;
                    /** @description Ignored: the owner is the register’s active owner */
                    malkacheNav?: string;
                    /** @description Arrears of house tax brought from the old register */
                    magilGharpatti?: string | number | (never | null);
                    /** @description Arrears of street-light tax brought from the old register */
                    magilDivabatti?: string | number | (never | null);
                    /** @description Arrears of health tax brought from the old register */
                    magilArogyakar?: string | number | (never | null);
                    /** @description Arrears of general water tax brought from the old register */
                    magilPanipatti?: string | number | (never | null);
                    /** @description Ignored: the current demand is the property’s assessment (Namuna 8) */
                    chaluGharpatti?: string | number | (never | null);
                    /** @description Ignored: the current demand is the property’s assessment (Namuna 8) */
                    chaluDivabatti?: string | number | (never | null);
                    /** @description Ignored: the current demand is the property’s assessment (Namuna 8) */
                    chaluArogyakar?: string | number | (never | null);
                    /** @description Ignored: the current demand is the property’s assessment (Namuna 8) */
                    chaluPanipatti?: string | number | (never | null);
                    /** @description Ignored: the council of the token */
                    createdByUserId?: unknown;
                } & {
                    [key: string]: unknown;
                };
            };
        };
        responses: {
            /** @description Created: the envelope with the new record */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        isSuccess: boolean;
                        message: string;
                        result: {
                            karId: number;
                            /** @description The same as karId (the earlier client reads this spelling) */
                            karid: number;
                            propertyId: number;
                            malmattaNo: string;
                            malkacheNav: string;
                            /** @description Rupees as a decimal string with 2 places */
                            magilGharpatti: string;
                            /** @description Rupees as a decimal string with 2 places */
                            chaluGharpatti: string;
                            /** @description Rupees as a decimal string with 2 places */
                            magilDivabatti: string;
                            /** @description Rupees as a decimal string with 2 places */
                            chaluDivabatti: string;
                            /** @description Rupees as a decimal string with 2 places */
                            magilArogyakar: string;
                            /** @description Rupees as a decimal string with 2 places */
                            chaluArogyakar: string;
                            /** @description Rupees as a decimal string with 2 places */
                            magilPanipatti: string;
                            /** @description Rupees as a decimal string with 2 places */
                            chaluPanipatti: string;
                            /** @description Rupees as a decimal string with 2 places */
                            totalGharpatti: string;
                            /** @description Rupees as a decimal string with 2 places */
                            totalDivabatti: string;
                            /** @description Rupees as a decimal string with 2 places */
                            totalArogyakar: string;
                            /** @description Rupees as a decimal string with 2 places */
                            totalPanipatti: string;
                            /** @description Rupees as a decimal string with 2 places */
                            total: string;
                            /** @description The same as total */
                            rowTotal: string;
                            /** @description Money held for the property above what it owes (आगाऊ जमा), set against the next demand; not in total */
                            advance?: string;
                            /** @description The tax (financial) year of the current demand: 2026 for 2026-27 */
                            karupdatedYear: number;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    applyPayment: {
        parameters: {
            query?: never;
            header?: {
                /** @description A fresh value per payment the clerk means (a UUID) */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "karid": 57,
                 *       "paid_gharpatti": "300.00",
                 *       "paid_method": "cash",
                 *       "note": "रोख, कार्यालयात",
                 *       "paid_on": "2026-11-20"
                 *     }
                 */
                "application/json": {
                    /** @description The kar record paid (karId) */
                    karid: number | string;
                    /** @description House tax paid: at most what is due; arrears are taken first */
                    paid_gharpatti?: string | number | (never | null);
                    /** @description Street-light tax paid: at most what is due; arrears are taken first */
                    paid_divabatti?: string | number | (never | null);
                    /** @description Health tax paid: at most what is due; arrears are taken first */
                    paid_arogyakar?: string | number | (never | null);
                    /** @description General water tax paid: at most what is due; arrears are taken first */
                    paid_panipatti?: string | number | (never | null);
                    /** @description cash, cheque, online, dd (default cash) */
                    paid_method?: string | null;
                    note?: string | null;
                    /** @description Date of payment, YYYY-MM-DD; not in the future */
                    paid_on?: string | null;
                    /** @description The cheque or demand draft number, printed on the receipt; required for cheque and dd */
                    cheque_no?: string | null;
                    /** @description The bank of the cheque or draft */
                    bank_name?: string | null;
                    /** @description How each head is spread over its years: the oldest arrears first (default), or this year’s demand first */
                    allocation?: "arrears-first" | "current-first" | "" | (never | null);
                    /** @description Ignored: the council of the token */
                    createdByUserId?: unknown;
                } & {
                    [key: string]: unknown;
                };
            };
        };
        responses: {
            /** @description OK: the envelope with the result */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        isSuccess: boolean;
                        message: string;
                        result: {
                            payment: {
                                paymentId: number;
                                /** @description Public id of the receipt (its QR link /receiptqr/{receiptId}) */
                                receiptId: string;
                                /** @description Per council and financial year, 1, 2, 3… without gaps */
                                receiptNo: number;
                                /** @description First year of the financial year: 2026 for 2026-27 */
                                receiptYear: number;
                                /** @description 2026-27 */
                                financialYear: string;
                                /** @description Receipt book: 100 receipts a book */
                                bookNo: number;
                                karId: number;
                                malmattaNo: string;
                                payerName: string;
                                /** @description YYYY-MM-DD */
                                paidOn: string;
                                paidMethod: string;
                                note: string;
                                /** @description Rupees as a decimal string with 2 places */
                                amountTotal: string;
                                lines: {
                                    /** @description gharpatti, divabatti, arogyakar, panipatti */
                                    category: string;
                                    /** @description Rupees as a decimal string with 2 places */
                                    fromArrears: string;
                                    /** @description Rupees as a decimal string with 2 places */
                                    fromCurrent: string;
                                    /** @description Rupees as a decimal string with 2 places */
                                    amountPaid: string;
                                }[];
                                /** @description Cheque or draft number; empty for cash and online */
                                chequeNo: string;
                                bankName: string;
                                /** @description The bank’s reference (UTR) of a payment taken from the bank statement; empty otherwise */
                                bankReference: string;
                                allocation: "arrears-first" | "current-first";
                                /**
                                 * Format: date-time
                                 * @description When the receipt was cancelled (a bounced cheque); its number stays used. null: it counts
                                 */
                                cancelledAt: string | null;
                                cancelReason: string;
                                createdAt: string;
                            };
                            kar: {
                                karId: number;
                                /** @description The same as karId (the earlier client reads this spelling) */
                                karid: number;
                                propertyId: number;
                                malmattaNo: string;
                                malkacheNav: string;
                                /** @description Rupees as a decimal string with 2 places */
                                magilGharpatti: string;
                                /** @description Rupees as a decimal string with 2 places */
                                chaluGharpatti: string;
                                /** @description Rupees as a decimal string with 2 places */
                                magilDivabatti: string;
                                /** @description Rupees as a decimal string with 2 places */
                                chaluDivabatti: string;
                                /** @description Rupees as a decimal string with 2 places */
                                magilArogyakar: string;
                                /** @description Rupees as a decimal string with 2 places */
                                chaluArogyakar: string;
                                /** @description Rupees as a decimal string with 2 places */
                                magilPanipatti: string;
                                /** @description Rupees as a decimal string with 2 places */
                                chaluPanipatti: string;
                                /** @description Rupees as a decimal string with 2 places */
                                totalGharpatti: string;
                                /** @description Rupees as a decimal string with 2 places */
                                totalDivabatti: string;
                                /** @description Rupees as a decimal string with 2 places */
                                totalArogyakar: string;
                                /** @description Rupees as a decimal string with 2 places */
                                totalPanipatti: string;
                                /** @description Rupees as a decimal string with 2 places */
                                total: string;
                                /** @description The same as total */
                                rowTotal: string;
                                /** @description Money held for the property above what it owes (आगाऊ जमा), set against the next demand; not in total */
                                advance?: string;
                                /** @description The tax (financial) year of the current demand: 2026 for 2026-27 */
                                karupdatedYear: number;
                            };
                            /** @description true: the answer to an earlier request with this Idempotency-Key */
                            repeated: boolean;
                        };
                    };
                };
            };
            /** @description Created: the envelope with the new record */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "isSuccess": true,
                     *       "message": "पेमेंट यशस्वीरीत्या पूर्ण झाले!",
                     *       "result": {
                     *         "payment": {
                     *           "paymentId": 212,
                     *           "receiptId": "5d035a5b-c845-4892-ba50-3ed8bac51542",
                     *           "receiptNo": 1,
                     *           "receiptYear": 2026,
                     *           "financialYear": "2026-27",
                     *           "bookNo": 1,
                     *           "karId": 57,
                     *           "malmattaNo": "१२/अ",
                     *           "payerName": "रमेश गणपत पाटील",
                     *           "paidOn": "2026-11-20",
                     *           "paidMethod": "cash",
                     *           "note": "रोख, कार्यालयात",
                     *           "amountTotal": "300.00",
                     *           "lines": [
                     *             {
                     *               "category": "gharpatti",
                     *               "fromArrears": "250.00",
                     *               "fromCurrent": "50.00",
                     *               "amountPaid": "300.00"
                     *             }
                     *           ],
                     *           "chequeNo": "",
                     *           "bankName": "",
                     *           "bankReference": "",
                     *           "allocation": "arrears-first",
                     *           "cancelledAt": null,
                     *           "cancelReason": "",
                     *           "createdAt": "2026-11-20T06:45:00.000Z"
                     *         },
                     *         "kar": {
                     *           "karId": 57,
                     *           "karid": 57,
                     *           "propertyId": 128,
                     *           "malmattaNo": "१२/अ",
                     *           "malkacheNav": "रमेश गणपत पाटील",
                     *           "magilGharpatti": "0.00",
                     *           "chaluGharpatti": "886.00",
                     *           "magilDivabatti": "0.00",
                     *           "chaluDivabatti": "20.00",
                     *           "magilArogyakar": "0.00",
                     *           "chaluArogyakar": "20.00",
                     *           "magilPanipatti": "0.00",
                     *           "chaluPanipatti": "300.00",
                     *           "totalGharpatti": "886.00",
                     *           "totalDivabatti": "20.00",
                     *           "totalArogyakar": "20.00",
                     *           "totalPanipatti": "300.00",
                     *           "total": "1226.00",
                     *           "rowTotal": "1226.00",
                     *           "advance": "0.00",
                     *           "karupdatedYear": 2026
                     *         },
                     *         "repeated": false
                     *       }
                     *     }
                     */
                    "application/json": {
                        isSuccess: boolean;
                        message: string;
                        result: {
                            payment: {
                                paymentId: number;
                                /** @description Public id of the receipt (its QR link /receiptqr/{receiptId}) */
                                receiptId: string;
                                /** @description Per council and financial year, 1, 2, 3… without gaps */
                                receiptNo: number;
                                /** @description First year of the financial year: 2026 for 2026-27 */
                                receiptYear: number;
                                /** @description 2026-27 */
                                financialYear: string;
                                /** @description Receipt book: 100 receipts a book */
                                bookNo: number;
                                karId: number;
                                malmattaNo: string;
                                payerName: string;
                                /** @description YYYY-MM-DD */
                                paidOn: string;
                                paidMethod: string;
                                note: string;
                                /** @description Rupees as a decimal string with 2 places */
                                amountTotal: string;
                                lines: {
                                    /** @description gharpatti, divabatti, arogyakar, panipatti */
                                    category: string;
                                    /** @description Rupees as a decimal string with 2 places */
                                    fromArrears: string;
                                    /** @description Rupees as a decimal string with 2 places */
                                    fromCurrent: string;
                                    /** @description Rupees as a decimal string with 2 places */
                                    amountPaid: string;
                                }[];
                                /** @description Cheque or draft number; empty for cash and online */
                                chequeNo: string;
                                bankName: string;
                                /** @description The bank’s reference (UTR) of a payment taken from the bank statement; empty otherwise */
                                bankReference: string;
                                allocation: "arrears-first" | "current-first";
                                /**
                                 * Format: date-time
                                 * @description When the receipt was cancelled (a bounced cheque); its number stays used. null: it counts
                                 */
                                cancelledAt: string | null;
                                cancelReason: string;
                                createdAt: string;
                            };
                            kar: {
                                karId: number;
                                /** @description The same as karId (the earlier client reads this spelling) */
                                karid: number;
                                propertyId: number;
                                malmattaNo: string;
                                malkacheNav: string;
                                /** @description Rupees as a decimal string with 2 places */
                                magilGharpatti: string;
                                /** @description Rupees as a decimal string with 2 places */
                                chaluGharpatti: string;
                                /** @description Rupees as a decimal string with 2 places */
                                magilDivabatti: string;
                                /** @description Rupees as a decimal string with 2 places */
                                chaluDivabatti: string;
                                /** @description Rupees as a decimal string with 2 places */
                                magilArogyakar: string;
                                /** @description Rupees as a decimal string with 2 places */
                                chaluArogyakar: string;
                                /** @description Rupees as a decimal string with 2 places */
                                magilPanipatti: string;
                                /** @description Rupees as a decimal string with 2 places */
                                chaluPanipatti: string;
                                /** @description Rupees as a decimal string with 2 places */
                                totalGharpatti: string;
                                /** @description Rupees as a decimal string with 2 places */
                                totalDivabatti: string;
                                /** @description Rupees as a decimal string with 2 places */
                                totalArogyakar: string;
                                /** @description Rupees as a decimal string with 2 places */
                                totalPanipatti: string;
                                /** @description Rupees as a decimal string with 2 places */
                                total: string;
                                /** @description The same as total */
                                rowTotal: string;
                                /** @description Money held for the property above what it owes (आगाऊ जमा), set against the next demand; not in total */
                                advance?: string;
                                /** @description The tax (financial) year of the current demand: 2026 for 2026-27 */
                                karupdatedYear: number;
                            };
                            repeated: boolean;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getCollectionSummary: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK: the envelope with the result */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        isSuccess: boolean;
                        message: string;
                        result: {
                            taxYear: number;
                            financialYear: string;
                            heads: {
                                category: string;
                                /** @description Rupees as a decimal string with 2 places */
                                demand: string;
                                /** @description Rupees as a decimal string with 2 places */
                                collected: string;
                                /** @description Rupees as a decimal string with 2 places */
                                outstanding: string;
                            }[];
                            months: {
                                /** @description YYYY-MM, April to March */
                                month: string;
                                /** @description Rupees as a decimal string with 2 places */
                                amount: string;
                            }[];
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getPaymentHistory: {
        parameters: {
            query: {
                ownerId: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK: the envelope with the result */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        isSuccess: boolean;
                        message: string;
                        result: {
                            paymentId: number;
                            receiptId: string;
                            receiptNo: number;
                            financialYear: string;
                            paidOn: string;
                            category: string;
                            /** @description Rupees as a decimal string with 2 places */
                            amountPaid: string;
                            /** @description Rupees as a decimal string with 2 places */
                            fromArrears: string;
                            /** @description Rupees as a decimal string with 2 places */
                            fromCurrent: string;
                            paidMethod: string;
                            note: string;
                            chequeNo: string;
                            /** @description The receipt was cancelled (a bounced cheque): its amounts no longer count */
                            cancelled: boolean;
                            /** @description Why the receipt was cancelled, as the clerk wrote it; empty while it counts */
                            cancelReason: string;
                        }[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getReceiptPdf: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                paymentId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Receipt_{financialYear}_{receiptNo}.pdf */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/pdf": string;
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            414: components["responses"]["URITooLong"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getMaganiPdf: {
        parameters: {
            query: {
                ownerId: number;
                /** @description The council the earlier client sends: another council’s id answers 404 */
                createdByUserId?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Kar_Magani_{malmattaNo}.pdf */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/pdf": string;
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getKarDetailsSorted: {
        parameters: {
            query?: {
                /** @description The council the earlier client sends: another council’s id answers 404 */
                userId?: number;
                pageNumber?: number;
                /** @description The screen offers 10, 25, 50 and 100 */
                pageSize?: number;
                /** @description Only the grand total sorts; empty: register order */
                sortField?: "total" | "";
                sortOrder?: "ASC" | "DESC" | "asc" | "desc" | "";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK: the envelope with the result */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        isSuccess: boolean;
                        message: string;
                        result: {
                            items: {
                                karId: number;
                                /** @description The same as karId (the earlier client reads this spelling) */
                                karid: number;
                                propertyId: number;
                                malmattaNo: string;
                                malkacheNav: string;
                                /** @description Rupees as a decimal string with 2 places */
                                magilGharpatti: string;
                                /** @description Rupees as a decimal string with 2 places */
                                chaluGharpatti: string;
                                /** @description Rupees as a decimal string with 2 places */
                                magilDivabatti: string;
                                /** @description Rupees as a decimal string with 2 places */
                                chaluDivabatti: string;
                                /** @description Rupees as a decimal string with 2 places */
                                magilArogyakar: string;
                                /** @description Rupees as a decimal string with 2 places */
                                chaluArogyakar: string;
                                /** @description Rupees as a decimal string with 2 places */
                                magilPanipatti: string;
                                /** @description Rupees as a decimal string with 2 places */
                                chaluPanipatti: string;
                                /** @description Rupees as a decimal string with 2 places */
                                totalGharpatti: string;
                                /** @description Rupees as a decimal string with 2 places */
                                totalDivabatti: string;
                                /** @description Rupees as a decimal string with 2 places */
                                totalArogyakar: string;
                                /** @description Rupees as a decimal string with 2 places */
                                totalPanipatti: string;
                                /** @description Rupees as a decimal string with 2 places */
                                total: string;
                                /** @description The same as total */
                                rowTotal: string;
                                /** @description Money held for the property above what it owes (आगाऊ जमा), set against the next demand; not in total */
                                advance?: string;
                                /** @description The tax (financial) year of the current demand: 2026 for 2026-27 */
                                karupdatedYear: number;
                            }[];
                            pageNumber: number;
                            pageSize: number;
                            totalPages: number;
                            totalItems: number;
                            /** @description Sums of every money column over the whole list, on page 1 (null on later pages: they do not change with the page) */
                            totals: {
                                /** @description Rupees as a decimal string with 2 places */
                                magilGharpatti: string;
                                /** @description Rupees as a decimal string with 2 places */
                                chaluGharpatti: string;
                                /** @description Rupees as a decimal string with 2 places */
                                magilDivabatti: string;
                                /** @description Rupees as a decimal string with 2 places */
                                chaluDivabatti: string;
                                /** @description Rupees as a decimal string with 2 places */
                                magilArogyakar: string;
                                /** @description Rupees as a decimal string with 2 places */
                                chaluArogyakar: string;
                                /** @description Rupees as a decimal string with 2 places */
                                magilPanipatti: string;
                                /** @description Rupees as a decimal string with 2 places */
                                chaluPanipatti: string;
                                /** @description Rupees as a decimal string with 2 places */
                                totalGharpatti: string;
                                /** @description Rupees as a decimal string with 2 places */
                                totalDivabatti: string;
                                /** @description Rupees as a decimal string with 2 places */
                                totalArogyakar: string;
                                /** @description Rupees as a decimal string with 2 places */
                                totalPanipatti: string;
                                /** @description Rupees as a decimal string with 2 places */
                                total: string;
                            } | null;
                            /** @description The tax (financial) year today falls in */
                            taxYear: number;
                            /** @description true when this year’s rollover (recalc-by-user) has run: the update button is disabled */
                            rolledOver: boolean;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getKarDetails: {
        parameters: {
            query?: {
                /** @description The council the earlier client sends: another council’s id answers 404 */
                userId?: number;
                pageNumber?: number;
                /** @description The screen offers 10, 25, 50 and 100 */
                pageSize?: number;
                /** @description Only the grand total sorts; empty: register order */
                sortField?: "total" | "";
                sortOrder?: "ASC" | "DESC" | "asc" | "desc" | "";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK: the envelope with the result */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        isSuccess: boolean;
                        message: string;
                        result: {
                            items: {
                                karId: number;
                                /** @description The same as karId (the earlier client reads this spelling) */
                                karid: number;
                                propertyId: number;
                                malmattaNo: string;
                                malkacheNav: string;
                                /** @description Rupees as a decimal string with 2 places */
                                magilGharpatti: string;
                                /** @description Rupees as a decimal string with 2 places */
                                chaluGharpatti: string;
                                /** @description Rupees as a decimal string with 2 places */
                                magilDivabatti: string;
                                /** @description Rupees as a decimal string with 2 places */
                                chaluDivabatti: string;
                                /** @description Rupees as a decimal string with 2 places */
                                magilArogyakar: string;
                                /** @description Rupees as a decimal string with 2 places */
                                chaluArogyakar: string;
                                /** @description Rupees as a decimal string with 2 places */
                                magilPanipatti: string;
                                /** @description Rupees as a decimal string with 2 places */
                                chaluPanipatti: string;
                                /** @description Rupees as a decimal string with 2 places */
                                totalGharpatti: string;
                                /** @description Rupees as a decimal string with 2 places */
                                totalDivabatti: string;
                                /** @description Rupees as a decimal string with 2 places */
                                totalArogyakar: string;
                                /** @description Rupees as a decimal string with 2 places */
                                totalPanipatti: string;
                                /** @description Rupees as a decimal string with 2 places */
                                total: string;
                                /** @description The same as total */
                                rowTotal: string;
                                /** @description Money held for the property above what it owes (आगाऊ जमा), set against the next demand; not in total */
                                advance?: string;
                                /** @description The tax (financial) year of the current demand: 2026 for 2026-27 */
                                karupdatedYear: number;
                            }[];
                            pageNumber: number;
                            pageSize: number;
                            totalPages: number;
                            totalItems: number;
                            /** @description Sums of every money column over the whole list, on page 1 (null on later pages: they do not change with the page) */
                            totals: {
                                /** @description Rupees as a decimal string with 2 places */
                                magilGharpatti: string;
                                /** @description Rupees as a decimal string with 2 places */
                                chaluGharpatti: string;
                                /** @description Rupees as a decimal string with 2 places */
                                magilDivabatti: string;
                                /** @description Rupees as a decimal string with 2 places */
                                chaluDivabatti: string;
                                /** @description Rupees as a decimal string with 2 places */
                                magilArogyakar: string;
                                /** @description Rupees as a decimal string with 2 places */
                                chaluArogyakar: string;
                                /** @description Rupees as a decimal string with 2 places */
                                magilPanipatti: string;
                                /** @description Rupees as a decimal string with 2 places */
                                chaluPanipatti: string;
                                /** @description Rupees as a decimal string with 2 places */
                                totalGharpatti: string;
                                /** @description Rupees as a decimal string with 2 places */
                                totalDivabatti: string;
                                /** @description Rupees as a decimal string with 2 places */
                                totalArogyakar: string;
                                /** @description Rupees as a decimal string with 2 places */
                                totalPanipatti: string;
                                /** @description Rupees as a decimal string with 2 places */
                                total: string;
                            } | null;
                            /** @description The tax (financial) year today falls in */
                            taxYear: number;
                            /** @description true when this year’s rollover (recalc-by-user) has run: the update button is disabled */
                            rolledOver: boolean;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getKarDetailsExcel: {
        parameters: {
            query?: {
                /** @description The council the earlier client sends: another council’s id answers 404 */
                userId?: number;
                /** @description Only the grand total sorts; empty: register order */
                sortField?: "total" | "";
                sortOrder?: "ASC" | "DESC" | "asc" | "desc" | "";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description kar-details-{yyyy-mm-dd}.xlsx */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": string;
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    recalcTaxByUser: {
        parameters: {
            query?: {
                /** @description Only say what would be raised */
                dryRun?: boolean;
            };
            header?: never;
            path: {
                /** @description The council; another council’s id answers 404 */
                userId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK: the envelope with the result */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        isSuccess: boolean;
                        message: string;
                        result: {
                            taxYear: number;
                            financialYear: string;
                            /** @description Kar records moved on to this tax year */
                            updated: number;
                            /** @description The years raised (more than one when years were missed), oldest first */
                            years: {
                                taxYear: number;
                                financialYear: string;
                                /** @description Kar records that get this year’s demand */
                                properties: number;
                                /** @description Rupees as a decimal string with 2 places */
                                demand: string;
                            }[];
                            /** @description Rupees as a decimal string with 2 places */
                            demand: string;
                            dryRun: boolean;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            414: components["responses"]["URITooLong"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getPropertiesDue: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The council the earlier client sends: another council’s id answers 404 */
                    createdByUserId?: unknown;
                } & {
                    [key: string]: unknown;
                };
            };
        };
        responses: {
            /** @description OK: the envelope with the result */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        isSuccess: boolean;
                        message: string;
                        result: {
                            PropertyId: number;
                            MalmattaNo: string;
                            /** @description Rupees as a decimal string with 2 places */
                            GhasaraRate: string;
                            MilkatYear: number;
                            GhasaraDarUpdatedYear: number;
                        }[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getGhasaraStatus: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK: the envelope with the result */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        isSuccess: boolean;
                        message: string;
                        result: {
                            year: number;
                            due: number;
                            doneThisYear: boolean;
                            ranAt: string | null;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    decreaseGhasaraAll: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK: the envelope with the result */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        isSuccess: boolean;
                        message: string;
                        result: {
                            year: number;
                            /** @description The tax year the new assessments are in force from: the next one */
                            effectiveTaxYear: number;
                            financialYear: string;
                            updated: number;
                            /** @description How many got another factor (the rest stayed in their age band) */
                            changed: number;
                            /** @description The first 10 properties */
                            summary: {
                                PropertyId: number;
                                MalmattaNo: string;
                                MilkatYear: number;
                                /** @description Rupees as a decimal string with 2 places */
                                oldGhasaraRate: string;
                                /** @description Rupees as a decimal string with 2 places */
                                newGhasaraRate: string;
                                /** @description Rupees as a decimal string with 2 places */
                                oldGharpatti: string;
                                /** @description Rupees as a decimal string with 2 places */
                                newGharpatti: string;
                                /** @description Rupees as a decimal string with 2 places */
                                oldTotal: string;
                                /** @description Rupees as a decimal string with 2 places */
                                newTotal: string;
                            }[];
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    decreaseGhasara: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK: the envelope with the result */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        isSuccess: boolean;
                        message: string;
                        result: {
                            year: number;
                            /** @description The tax year the new assessments are in force from: the next one */
                            effectiveTaxYear: number;
                            financialYear: string;
                            updated: number;
                            /** @description How many got another factor (the rest stayed in their age band) */
                            changed: number;
                            /** @description The first 10 properties */
                            summary: {
                                PropertyId: number;
                                MalmattaNo: string;
                                MilkatYear: number;
                                /** @description Rupees as a decimal string with 2 places */
                                oldGhasaraRate: string;
                                /** @description Rupees as a decimal string with 2 places */
                                newGhasaraRate: string;
                                /** @description Rupees as a decimal string with 2 places */
                                oldGharpatti: string;
                                /** @description Rupees as a decimal string with 2 places */
                                newGharpatti: string;
                                /** @description Rupees as a decimal string with 2 places */
                                oldTotal: string;
                                /** @description Rupees as a decimal string with 2 places */
                                newTotal: string;
                            }[];
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            414: components["responses"]["URITooLong"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getPublicReceipt: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                receiptId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK: the envelope with the result */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "isSuccess": true,
                     *       "message": "Success",
                     *       "result": {
                     *         "receiptNo": 1,
                     *         "financialYear": "2026-27",
                     *         "paidOn": "2026-11-20",
                     *         "amountTotal": "300.00",
                     *         "malmattaNo": "१२/अ",
                     *         "cancelled": false
                     *       }
                     *     }
                     */
                    "application/json": {
                        isSuccess: boolean;
                        message: string;
                        result: {
                            receiptNo: number;
                            financialYear: string;
                            paidOn: string;
                            /** @description Rupees as a decimal string with 2 places */
                            amountTotal: string;
                            malmattaNo: string;
                            /** @description The receipt was cancelled (रद्द): it is not proof of payment */
                            cancelled: boolean;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
            414: components["responses"]["URITooLong"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    adjustTax: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    ownerId: number;
                    /**
                     * @description gharpatti (घरपट्टी), divabatti (दिवाबत्ती कर), arogyakar (आरोग्य कर), panipatti (सामान्य पाणीपट्टी)
                     * @enum {string}
                     */
                    head: "gharpatti" | "divabatti" | "arogyakar" | "panipatti";
                    /** @description The tax year the amount belongs to (2026 for 2026-27); one whose demand was raised */
                    taxYear: number;
                    /** @description Rupees: a remission takes off at most what is owed; a correction may be negative (lowers the demand) or positive */
                    amount: string | number;
                    kind: "remission" | "correction";
                    reason: string;
                    /** @description The resolution (ठराव) or order number: a remission needs the gram sabha’s or panchayat’s resolution */
                    orderReference: string;
                };
            };
        };
        responses: {
            /** @description OK: the envelope with the result */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        isSuccess: boolean;
                        message: string;
                        result: {
                            karId: number;
                            /** @description The same as karId (the earlier client reads this spelling) */
                            karid: number;
                            propertyId: number;
                            malmattaNo: string;
                            malkacheNav: string;
                            /** @description Rupees as a decimal string with 2 places */
                            magilGharpatti: string;
                            /** @description Rupees as a decimal string with 2 places */
                            chaluGharpatti: string;
                            /** @description Rupees as a decimal string with 2 places */
                            magilDivabatti: string;
                            /** @description Rupees as a decimal string with 2 places */
                            chaluDivabatti: string;
                            /** @description Rupees as a decimal string with 2 places */
                            magilArogyakar: string;
                            /** @description Rupees as a decimal string with 2 places */
                            chaluArogyakar: string;
                            /** @description Rupees as a decimal string with 2 places */
                            magilPanipatti: string;
                            /** @description Rupees as a decimal string with 2 places */
                            chaluPanipatti: string;
                            /** @description Rupees as a decimal string with 2 places */
                            totalGharpatti: string;
                            /** @description Rupees as a decimal string with 2 places */
                            totalDivabatti: string;
                            /** @description Rupees as a decimal string with 2 places */
                            totalArogyakar: string;
                            /** @description Rupees as a decimal string with 2 places */
                            totalPanipatti: string;
                            /** @description Rupees as a decimal string with 2 places */
                            total: string;
                            /** @description The same as total */
                            rowTotal: string;
                            /** @description Money held for the property above what it owes (आगाऊ जमा), set against the next demand; not in total */
                            advance?: string;
                            /** @description The tax (financial) year of the current demand: 2026 for 2026-27 */
                            karupdatedYear: number;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    reversePayment: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                paymentId: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description e.g. धनादेश न वटता परत आला (cheque bounced) */
                    reason: string;
                };
            };
        };
        responses: {
            /** @description OK: the envelope with the result */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        isSuccess: boolean;
                        message: string;
                        result: {
                            payment: {
                                paymentId: number;
                                /** @description Public id of the receipt (its QR link /receiptqr/{receiptId}) */
                                receiptId: string;
                                /** @description Per council and financial year, 1, 2, 3… without gaps */
                                receiptNo: number;
                                /** @description First year of the financial year: 2026 for 2026-27 */
                                receiptYear: number;
                                /** @description 2026-27 */
                                financialYear: string;
                                /** @description Receipt book: 100 receipts a book */
                                bookNo: number;
                                karId: number;
                                malmattaNo: string;
                                payerName: string;
                                /** @description YYYY-MM-DD */
                                paidOn: string;
                                paidMethod: string;
                                note: string;
                                /** @description Rupees as a decimal string with 2 places */
                                amountTotal: string;
                                lines: {
                                    /** @description gharpatti, divabatti, arogyakar, panipatti */
                                    category: string;
                                    /** @description Rupees as a decimal string with 2 places */
                                    fromArrears: string;
                                    /** @description Rupees as a decimal string with 2 places */
                                    fromCurrent: string;
                                    /** @description Rupees as a decimal string with 2 places */
                                    amountPaid: string;
                                }[];
                                /** @description Cheque or draft number; empty for cash and online */
                                chequeNo: string;
                                bankName: string;
                                /** @description The bank’s reference (UTR) of a payment taken from the bank statement; empty otherwise */
                                bankReference: string;
                                allocation: "arrears-first" | "current-first";
                                /**
                                 * Format: date-time
                                 * @description When the receipt was cancelled (a bounced cheque); its number stays used. null: it counts
                                 */
                                cancelledAt: string | null;
                                cancelReason: string;
                                createdAt: string;
                            };
                            kar: {
                                karId: number;
                                /** @description The same as karId (the earlier client reads this spelling) */
                                karid: number;
                                propertyId: number;
                                malmattaNo: string;
                                malkacheNav: string;
                                /** @description Rupees as a decimal string with 2 places */
                                magilGharpatti: string;
                                /** @description Rupees as a decimal string with 2 places */
                                chaluGharpatti: string;
                                /** @description Rupees as a decimal string with 2 places */
                                magilDivabatti: string;
                                /** @description Rupees as a decimal string with 2 places */
                                chaluDivabatti: string;
                                /** @description Rupees as a decimal string with 2 places */
                                magilArogyakar: string;
                                /** @description Rupees as a decimal string with 2 places */
                                chaluArogyakar: string;
                                /** @description Rupees as a decimal string with 2 places */
                                magilPanipatti: string;
                                /** @description Rupees as a decimal string with 2 places */
                                chaluPanipatti: string;
                                /** @description Rupees as a decimal string with 2 places */
                                totalGharpatti: string;
                                /** @description Rupees as a decimal string with 2 places */
                                totalDivabatti: string;
                                /** @description Rupees as a decimal string with 2 places */
                                totalArogyakar: string;
                                /** @description Rupees as a decimal string with 2 places */
                                totalPanipatti: string;
                                /** @description Rupees as a decimal string with 2 places */
                                total: string;
                                /** @description The same as total */
                                rowTotal: string;
                                /** @description Money held for the property above what it owes (आगाऊ जमा), set against the next demand; not in total */
                                advance?: string;
                                /** @description The tax (financial) year of the current demand: 2026 for 2026-27 */
                                karupdatedYear: number;
                            };
                            repeated: boolean;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            414: components["responses"]["URITooLong"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getTaxLedger: {
        parameters: {
            query: {
                ownerId: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK: the envelope with the result */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        isSuccess: boolean;
                        message: string;
                        result: {
                            entries: {
                                entryId: number;
                                taxYear: number;
                                /** @description null: the advance held (आगाऊ जमा) */
                                head: ("gharpatti" | "divabatti" | "arogyakar" | "panipatti") | (never | null);
                                /** @description arrears when the tax year is before the year of the entry’s date */
                                part: "arrears" | "current";
                                kind: "demand" | "collection" | "remission" | "correction" | "advance" | "reversal";
                                /** @description Rupees, signed: + raises what is owed (or the advance held), - lowers it */
                                amount: string;
                                /** @description YYYY-MM-DD: the day it counts in the books */
                                date: string;
                                /** @description The receipt whose money it is, as 2026-27/14 */
                                receiptNo: string | null;
                                /** @description Receipt, order or resolution number */
                                reference: string;
                                reason: string;
                                /** @description The owner at the time */
                                ownerName: string;
                                /** @description Who made it */
                                byUser: string;
                                /** Format: date-time */
                                createdAt: string;
                            }[];
                            balance: {
                                heads: {
                                    gharpatti: {
                                        /** @description Rupees as a decimal string with 2 places */
                                        arrears: string;
                                        /** @description Rupees as a decimal string with 2 places */
                                        current: string;
                                        /** @description Rupees as a decimal string with 2 places */
                                        total: string;
                                    };
                                    divabatti: {
                                        /** @description Rupees as a decimal string with 2 places */
                                        arrears: string;
                                        /** @description Rupees as a decimal string with 2 places */
                                        current: string;
                                        /** @description Rupees as a decimal string with 2 places */
                                        total: string;
                                    };
                                    arogyakar: {
                                        /** @description Rupees as a decimal string with 2 places */
                                        arrears: string;
                                        /** @description Rupees as a decimal string with 2 places */
                                        current: string;
                                        /** @description Rupees as a decimal string with 2 places */
                                        total: string;
                                    };
                                    panipatti: {
                                        /** @description Rupees as a decimal string with 2 places */
                                        arrears: string;
                                        /** @description Rupees as a decimal string with 2 places */
                                        current: string;
                                        /** @description Rupees as a decimal string with 2 places */
                                        total: string;
                                    };
                                };
                                /** @description Rupees as a decimal string with 2 places */
                                advance: string;
                                /** @description Rupees as a decimal string with 2 places */
                                total: string;
                                /** @description The year of the current demand (karupdatedYear) */
                                taxYear: number;
                            };
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getNamuna9: {
        parameters: {
            query?: {
                /** @description The tax year of the register (2026 for 2026-27); default this one */
                taxYear?: number;
                pageNumber?: number;
                pageSize?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK: the envelope with the result */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        isSuccess: boolean;
                        message: string;
                        result: {
                            taxYear: number;
                            financialYear: string;
                            items: {
                                serial: number;
                                karId: number;
                                ownerId: number | null;
                                malmattaNo: string;
                                malkacheNav: string;
                                heads: {
                                    gharpatti: {
                                        /** @description Rupees as a decimal string with 2 places */
                                        arrears: string;
                                        /** @description Rupees as a decimal string with 2 places */
                                        current: string;
                                        /** @description Rupees as a decimal string with 2 places */
                                        demand: string;
                                        /** @description Rupees as a decimal string with 2 places */
                                        collectedArrears: string;
                                        /** @description Rupees as a decimal string with 2 places */
                                        collectedCurrent: string;
                                        /** @description Rupees as a decimal string with 2 places */
                                        remitted: string;
                                        /** @description Rupees as a decimal string with 2 places */
                                        balance: string;
                                    };
                                    divabatti: {
                                        /** @description Rupees as a decimal string with 2 places */
                                        arrears: string;
                                        /** @description Rupees as a decimal string with 2 places */
                                        current: string;
                                        /** @description Rupees as a decimal string with 2 places */
                                        demand: string;
                                        /** @description Rupees as a decimal string with 2 places */
                                        collectedArrears: string;
                                        /** @description Rupees as a decimal string with 2 places */
                                        collectedCurrent: string;
                                        /** @description Rupees as a decimal string with 2 places */
                                        remitted: string;
                                        /** @description Rupees as a decimal string with 2 places */
                                        balance: string;
                                    };
                                    arogyakar: {
                                        /** @description Rupees as a decimal string with 2 places */
                                        arrears: string;
                                        /** @description Rupees as a decimal string with 2 places */
                                        current: string;
                                        /** @description Rupees as a decimal string with 2 places */
                                        demand: string;
                                        /** @description Rupees as a decimal string with 2 places */
                                        collectedArrears: string;
                                        /** @description Rupees as a decimal string with 2 places */
                                        collectedCurrent: string;
                                        /** @description Rupees as a decimal string with 2 places */
                                        remitted: string;
                                        /** @description Rupees as a decimal string with 2 places */
                                        balance: string;
                                    };
                                    panipatti: {
                                        /** @description Rupees as a decimal string with 2 places */
                                        arrears: string;
                                        /** @description Rupees as a decimal string with 2 places */
                                        current: string;
                                        /** @description Rupees as a decimal string with 2 places */
                                        demand: string;
                                        /** @description Rupees as a decimal string with 2 places */
                                        collectedArrears: string;
                                        /** @description Rupees as a decimal string with 2 places */
                                        collectedCurrent: string;
                                        /** @description Rupees as a decimal string with 2 places */
                                        remitted: string;
                                        /** @description Rupees as a decimal string with 2 places */
                                        balance: string;
                                    };
                                };
                                total: {
                                    /** @description Rupees as a decimal string with 2 places */
                                    arrears: string;
                                    /** @description Rupees as a decimal string with 2 places */
                                    current: string;
                                    /** @description Rupees as a decimal string with 2 places */
                                    demand: string;
                                    /** @description Rupees as a decimal string with 2 places */
                                    collectedArrears: string;
                                    /** @description Rupees as a decimal string with 2 places */
                                    collectedCurrent: string;
                                    /** @description Rupees as a decimal string with 2 places */
                                    remitted: string;
                                    /** @description Rupees as a decimal string with 2 places */
                                    balance: string;
                                };
                                receipts: {
                                    receiptNo: string;
                                    paidOn: string;
                                    /** @description Rupees as a decimal string with 2 places */
                                    amount: string;
                                    cancelled: boolean;
                                }[];
                                remissions: string[];
                                corrections: string[];
                                /** @description Rupees as a decimal string with 2 places */
                                advance: string;
                            }[];
                            pageNumber: number;
                            pageSize: number;
                            totalPages: number;
                            totalCount: number;
                            totals: {
                                heads: {
                                    gharpatti: {
                                        /** @description Rupees as a decimal string with 2 places */
                                        arrears: string;
                                        /** @description Rupees as a decimal string with 2 places */
                                        current: string;
                                        /** @description Rupees as a decimal string with 2 places */
                                        demand: string;
                                        /** @description Rupees as a decimal string with 2 places */
                                        collectedArrears: string;
                                        /** @description Rupees as a decimal string with 2 places */
                                        collectedCurrent: string;
                                        /** @description Rupees as a decimal string with 2 places */
                                        remitted: string;
                                        /** @description Rupees as a decimal string with 2 places */
                                        balance: string;
                                    };
                                    divabatti: {
                                        /** @description Rupees as a decimal string with 2 places */
                                        arrears: string;
                                        /** @description Rupees as a decimal string with 2 places */
                                        current: string;
                                        /** @description Rupees as a decimal string with 2 places */
                                        demand: string;
                                        /** @description Rupees as a decimal string with 2 places */
                                        collectedArrears: string;
                                        /** @description Rupees as a decimal string with 2 places */
                                        collectedCurrent: string;
                                        /** @description Rupees as a decimal string with 2 places */
                                        remitted: string;
                                        /** @description Rupees as a decimal string with 2 places */
                                        balance: string;
                                    };
                                    arogyakar: {
                                        /** @description Rupees as a decimal string with 2 places */
                                        arrears: string;
                                        /** @description Rupees as a decimal string with 2 places */
                                        current: string;
                                        /** @description Rupees as a decimal string with 2 places */
                                        demand: string;
                                        /** @description Rupees as a decimal string with 2 places */
                                        collectedArrears: string;
                                        /** @description Rupees as a decimal string with 2 places */
                                        collectedCurrent: string;
                                        /** @description Rupees as a decimal string with 2 places */
                                        remitted: string;
                                        /** @description Rupees as a decimal string with 2 places */
                                        balance: string;
                                    };
                                    panipatti: {
                                        /** @description Rupees as a decimal string with 2 places */
                                        arrears: string;
                                        /** @description Rupees as a decimal string with 2 places */
                                        current: string;
                                        /** @description Rupees as a decimal string with 2 places */
                                        demand: string;
                                        /** @description Rupees as a decimal string with 2 places */
                                        collectedArrears: string;
                                        /** @description Rupees as a decimal string with 2 places */
                                        collectedCurrent: string;
                                        /** @description Rupees as a decimal string with 2 places */
                                        remitted: string;
                                        /** @description Rupees as a decimal string with 2 places */
                                        balance: string;
                                    };
                                };
                                total: {
                                    /** @description Rupees as a decimal string with 2 places */
                                    arrears: string;
                                    /** @description Rupees as a decimal string with 2 places */
                                    current: string;
                                    /** @description Rupees as a decimal string with 2 places */
                                    demand: string;
                                    /** @description Rupees as a decimal string with 2 places */
                                    collectedArrears: string;
                                    /** @description Rupees as a decimal string with 2 places */
                                    collectedCurrent: string;
                                    /** @description Rupees as a decimal string with 2 places */
                                    remitted: string;
                                    /** @description Rupees as a decimal string with 2 places */
                                    balance: string;
                                };
                            };
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getNamuna9Pdf: {
        parameters: {
            query?: {
                /** @description The tax year of the register (2026 for 2026-27); default this one */
                taxYear?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Namuna9_{2026-27}.pdf */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/pdf": string;
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getNamuna9Excel: {
        parameters: {
            query?: {
                /** @description The tax year of the register (2026 for 2026-27); default this one */
                taxYear?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description namuna9-{2026-27}.xlsx */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": string;
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getDcb: {
        parameters: {
            query?: {
                /** @description default this one */
                taxYear?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK: the envelope with the result */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        isSuccess: boolean;
                        message: string;
                        result: {
                            taxYear: number;
                            financialYear: string;
                            heads: {
                                gharpatti: {
                                    /** @description Rupees as a decimal string with 2 places */
                                    openingArrears: string;
                                    /** @description Rupees as a decimal string with 2 places */
                                    currentDemand: string;
                                    /** @description Rupees as a decimal string with 2 places */
                                    collectedArrears: string;
                                    /** @description Rupees as a decimal string with 2 places */
                                    collectedCurrent: string;
                                    /** @description Rupees as a decimal string with 2 places */
                                    remitted: string;
                                    /** @description Rupees as a decimal string with 2 places */
                                    closing: string;
                                };
                                divabatti: {
                                    /** @description Rupees as a decimal string with 2 places */
                                    openingArrears: string;
                                    /** @description Rupees as a decimal string with 2 places */
                                    currentDemand: string;
                                    /** @description Rupees as a decimal string with 2 places */
                                    collectedArrears: string;
                                    /** @description Rupees as a decimal string with 2 places */
                                    collectedCurrent: string;
                                    /** @description Rupees as a decimal string with 2 places */
                                    remitted: string;
                                    /** @description Rupees as a decimal string with 2 places */
                                    closing: string;
                                };
                                arogyakar: {
                                    /** @description Rupees as a decimal string with 2 places */
                                    openingArrears: string;
                                    /** @description Rupees as a decimal string with 2 places */
                                    currentDemand: string;
                                    /** @description Rupees as a decimal string with 2 places */
                                    collectedArrears: string;
                                    /** @description Rupees as a decimal string with 2 places */
                                    collectedCurrent: string;
                                    /** @description Rupees as a decimal string with 2 places */
                                    remitted: string;
                                    /** @description Rupees as a decimal string with 2 places */
                                    closing: string;
                                };
                                panipatti: {
                                    /** @description Rupees as a decimal string with 2 places */
                                    openingArrears: string;
                                    /** @description Rupees as a decimal string with 2 places */
                                    currentDemand: string;
                                    /** @description Rupees as a decimal string with 2 places */
                                    collectedArrears: string;
                                    /** @description Rupees as a decimal string with 2 places */
                                    collectedCurrent: string;
                                    /** @description Rupees as a decimal string with 2 places */
                                    remitted: string;
                                    /** @description Rupees as a decimal string with 2 places */
                                    closing: string;
                                };
                            };
                            total: {
                                /** @description Rupees as a decimal string with 2 places */
                                openingArrears: string;
                                /** @description Rupees as a decimal string with 2 places */
                                currentDemand: string;
                                /** @description Rupees as a decimal string with 2 places */
                                collectedArrears: string;
                                /** @description Rupees as a decimal string with 2 places */
                                collectedCurrent: string;
                                /** @description Rupees as a decimal string with 2 places */
                                remitted: string;
                                /** @description Rupees as a decimal string with 2 places */
                                closing: string;
                            };
                            /** @description Money held above what is owed, at the start and end of the year */
                            advance: {
                                /** @description Rupees as a decimal string with 2 places */
                                opening: string;
                                /** @description Rupees as a decimal string with 2 places */
                                closing: string;
                            };
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getSmsBalance: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK: the envelope with the result */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        isSuccess: boolean;
                        message: string;
                        result: {
                            provider: string;
                            balance: string;
                            checkedAt: string;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["BadGateway"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getSmsTemplates: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK: the envelope with the result */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        isSuccess: boolean;
                        message: string;
                        result: {
                            gramsabha: string;
                            dues: string;
                            variables: {
                                [key: string]: string[];
                            };
                            /** @description Each wording’s version (0 while the default applies): send it as If-Match when saving that kind (409 when someone saved it since) */
                            versions: {
                                gramsabha: number;
                                dues: number;
                            };
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    updateSmsTemplate: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description gramsabha or dues */
                    kind: "gramsabha" | "dues";
                    body: string;
                    /** @description Ignored: the council of the token */
                    createdByUserId?: unknown;
                };
            };
        };
        responses: {
            /** @description OK: the envelope with the result */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        isSuccess: boolean;
                        message: string;
                        result: {
                            gramsabha: string;
                            dues: string;
                            variables: {
                                [key: string]: string[];
                            };
                            /** @description Each wording’s version (0 while the default applies): send it as If-Match when saving that kind (409 when someone saved it since) */
                            versions: {
                                gramsabha: number;
                                dues: number;
                            };
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    previewSms: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description gramsabha or dues */
                    kind: "gramsabha" | "dues";
                    /** @description YYYY-MM-DD, not before today */
                    date?: string;
                    /** @description HH:MM, 24 hours */
                    time?: string;
                    /** @description An unsaved wording to try */
                    body?: string;
                    /** @description Ignored: the council of the token */
                    createdByUserId?: unknown;
                };
            };
        };
        responses: {
            /** @description OK: the envelope with the result */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        isSuccess: boolean;
                        message: string;
                        result: {
                            /** @description The first message as it goes out */
                            message: string;
                            length: number;
                            segments: number;
                            unicode: boolean;
                            recipients: number;
                            /** @description Segments of all messages: the credit it costs */
                            totalSegments: number;
                            skipped: {
                                mobile: string;
                                malmattaNo: string;
                                reason: string;
                            }[];
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    sendGramsabhaSms: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "date": "2026-12-02",
                 *       "time": "11:00",
                 *       "password": "Pimpalgaon-2026"
                 *     }
                 */
                "application/json": {
                    /** @description Ignored: the council of the token */
                    createdByUserId?: unknown;
                    /** @description YYYY-MM-DD, not before today */
                    date?: string;
                    /** @description HH:MM, 24 hours */
                    time?: string;
                    /** @description The staff member’s own password, re-entered */
                    password?: string;
                };
            };
        };
        responses: {
            /** @description Accepted: queued; the envelope says what */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "isSuccess": true,
                     *       "message": "ग्रामसभा संदेश यशस्वीरीत्या पाठवला!",
                     *       "result": {
                     *         "batchId": 14,
                     *         "recipients": 212,
                     *         "segments": 424,
                     *         "skipped": [
                     *           {
                     *             "mobile": "98123",
                     *             "malmattaNo": "४५",
                     *             "reason": "अवैध मोबाईल क्रमांक / invalid mobile"
                     *           }
                     *         ]
                     *       }
                     *     }
                     */
                    "application/json": {
                        isSuccess: boolean;
                        message: string;
                        result: {
                            batchId: number;
                            recipients: number;
                            segments: number;
                            skipped: {
                                mobile: string;
                                malmattaNo: string;
                                reason: string;
                            }[];
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    sendDuesSms: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Ignored: the council of the token */
                    createdByUserId?: unknown;
                    /** @description The staff member’s own password, re-entered */
                    password?: string;
                };
            };
        };
        responses: {
            /** @description Accepted: queued; the envelope says what */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        isSuccess: boolean;
                        message: string;
                        result: {
                            batchId: number;
                            recipients: number;
                            segments: number;
                            skipped: {
                                mobile: string;
                                malmattaNo: string;
                                reason: string;
                            }[];
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getSmsBatches: {
        parameters: {
            query?: {
                pageNumber?: number;
                pageSize?: number;
                /** @description The council the earlier client sends: another council’s id answers 404 */
                createdByUserId?: unknown;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK: the envelope with the result */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        isSuccess: boolean;
                        message: string;
                        result: {
                            items: {
                                batchId: number;
                                kind: string;
                                provider: string;
                                createdAt: string;
                                segments: number;
                                total: number;
                                queued: number;
                                sent: number;
                                delivered: number;
                                failed: number;
                                skippedCount: number;
                                /** @description sending, done, done-with-failures */
                                status: string;
                            }[];
                            pageNumber: number;
                            pageSize: number;
                            totalPages: number;
                            totalCount: number;
                            /** @description true when more rows matched than were counted (10,000): show "10,000+" */
                            totalCapped?: boolean;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getSmsBatch: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK: the envelope with the result */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        isSuccess: boolean;
                        message: string;
                        result: {
                            batchId: number;
                            kind: string;
                            provider: string;
                            createdAt: string;
                            segments: number;
                            total: number;
                            queued: number;
                            sent: number;
                            delivered: number;
                            failed: number;
                            skippedCount: number;
                            /** @description sending, done, done-with-failures */
                            status: string;
                            skipped: {
                                mobile: string;
                                malmattaNo: string;
                                reason: string;
                            }[];
                            messages: {
                                messageId: number;
                                mobile: string;
                                malmattaNo: string;
                                text: string;
                                segments: number;
                                /** @description queued, sent, delivered, failed */
                                status: string;
                                attempts: number;
                                /** @description The gateway’s reason */
                                error: string;
                                providerId: string;
                                sentAt: string | null;
                            }[];
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            414: components["responses"]["URITooLong"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    retrySmsBatch: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK: the envelope with the result */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        isSuccess: boolean;
                        message: string;
                        result: {
                            requeued: number;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            414: components["responses"]["URITooLong"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    receiveMsg91Delivery: {
        parameters: {
            query: {
                /** @description SMS_WEBHOOK_TOKEN */
                token: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    requestId?: string;
                    number?: string;
                    telNum?: string;
                    status?: string | number;
                    desc?: string;
                    failureReason?: string;
                } & {
                    [key: string]: unknown;
                };
            };
        };
        responses: {
            /** @description OK: the envelope with the result */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        isSuccess: boolean;
                        message: string;
                        result: {
                            updated: number;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getApiTokens: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK: the envelope with the result */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        isSuccess: boolean;
                        message: string;
                        result: {
                            id: number;
                            name: string;
                            /** @description The first characters of the secret, to tell tokens apart; the secret itself is never shown again */
                            prefix: string;
                            scopes: string[];
                            /**
                             * Format: date-time
                             * @description When the token stops working; null: it does not expire
                             */
                            expiresAt: string | null;
                            /**
                             * Format: date-time
                             * @description When it was last used (noted at most once a minute)
                             */
                            lastUsedAt: string | null;
                            /** @description The address it was last used from */
                            lastUsedIp: string | null;
                            /**
                             * Format: date-time
                             * @description When it was revoked; null while it works
                             */
                            revokedAt: string | null;
                            /** Format: date-time */
                            createdAt: string;
                        }[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    createApiToken: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description Who or what uses it, e.g. "जिल्हा डॅशबोर्ड"
                     * @example जिल्हा डॅशबोर्ड
                     */
                    name: string;
                    /**
                     * @description One or more of: certificates:read, certificates:write, properties:read, properties:write, payments:write, sms:send, site:write
                     * @example [
                     *       "certificates:read"
                     *     ]
                     */
                    scopes: string[];
                    /** @description YYYY-MM-DD (works through that day, India time) or an ISO date-time with its zone; must be in the future. Left out: no expiry */
                    expiresAt?: string | null;
                };
            };
        };
        responses: {
            /** @description Created: the envelope with the new record */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        isSuccess: boolean;
                        message: string;
                        result: {
                            id: number;
                            /** @description The secret, shown this once: send it as Authorization: Bearer <token> */
                            token: string;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    revokeApiToken: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK: the envelope with the result */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        isSuccess: boolean;
                        message: string;
                        result: {
                            id: number;
                            name: string;
                            /** @description The first characters of the secret, to tell tokens apart; the secret itself is never shown again */
                            prefix: string;
                            scopes: string[];
                            /**
                             * Format: date-time
                             * @description When the token stops working; null: it does not expire
                             */
                            expiresAt: string | null;
                            /**
                             * Format: date-time
                             * @description When it was last used (noted at most once a minute)
                             */
                            lastUsedAt: string | null;
                            /** @description The address it was last used from */
                            lastUsedIp: string | null;
                            /**
                             * Format: date-time
                             * @description When it was revoked; null while it works
                             */
                            revokedAt: string | null;
                            /** Format: date-time */
                            createdAt: string;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            414: components["responses"]["URITooLong"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getAudit: {
        parameters: {
            query?: {
                /** @description A kind of record: BirthCertificate, Property, Owner, Payment, User… */
                entity?: string;
                /** @description With entity: that record's history, its own rows and those of its parts (a Property's owners and payments) */
                entityId?: string;
                action?: string;
                /** @description YYYY-MM-DD (India time; `to` includes that whole day) or an ISO date-time with its zone */
                from?: string;
                /** @description YYYY-MM-DD (India time; `to` includes that whole day) or an ISO date-time with its zone */
                to?: string;
                pageNumber?: number;
                pageSize?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK: the envelope with the result */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        isSuccess: boolean;
                        message: string;
                        result: {
                            items: {
                                id: string;
                                /** Format: date-time */
                                at: string;
                                actor: {
                                    /** @description The staff account; null: the portal itself (a scheduled job) */
                                    userId: number | null;
                                    userName: string | null;
                                    /** @description The API token that acted, if one did */
                                    tokenId: number | null;
                                };
                                address: string | null;
                                entity: string;
                                entityId: string | null;
                                /** @description The register record it belongs to, when another */
                                recordEntity: string | null;
                                recordId: string | null;
                                action: string;
                                /** @description Changed fields as old → new; Aadhaar numbers masked to the last four digits */
                                changes: {
                                    [key: string]: {
                                        old: string | number | boolean | (never | null);
                                        new: string | number | boolean | (never | null);
                                    };
                                } | null;
                            }[];
                            pageNumber: number;
                            pageSize: number;
                            totalPages: number;
                            totalCount: number;
                            /** @description true when more rows matched than were counted (10,000): show "10,000+" */
                            totalCapped?: boolean;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getBackups: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK: the envelope with the result */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        isSuccess: boolean;
                        message: string;
                        result: {
                            items: {
                                /** @example gp-backup-2026-11-26T020000Z-scheduled.tar.gz */
                                name: string;
                                /** Format: date-time */
                                createdAt: string;
                                /** @description Bytes */
                                size: number;
                                kind: "scheduled" | "manual";
                                /** @description Made with BACKUP_PASSPHRASE set (.enc) */
                                encrypted: boolean;
                            }[];
                            /** Format: date-time */
                            lastBackupAt: string | null;
                            /** @description No backup, or the newest is more than two days old: the dashboard warns */
                            stale: boolean;
                            disk: {
                                freeBytes: number;
                                totalBytes: number;
                                /** @description Room for fewer than two more backups, or under 5 % (or 1 GB) free */
                                low: boolean;
                            };
                            schedule: {
                                /** @description null: BACKUP_TIME=off */
                                time: string | (never | null);
                                keepDays: number;
                                keepWeeks: number;
                                encrypted: boolean;
                            };
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    createBackup: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": Record<string, never>;
            };
        };
        responses: {
            /** @description Created: the envelope with the new record */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        isSuccess: boolean;
                        message: string;
                        result: {
                            /** @example gp-backup-2026-11-26T020000Z-scheduled.tar.gz */
                            name: string;
                            /** Format: date-time */
                            createdAt: string;
                            /** @description Bytes */
                            size: number;
                            kind: "scheduled" | "manual";
                            /** @description Made with BACKUP_PASSPHRASE set (.enc) */
                            encrypted: boolean;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    downloadBackup: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                name: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description gp-backup-….tar.gz */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/octet-stream": string;
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            414: components["responses"]["URITooLong"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    importBankStatement: {
        parameters: {
            query?: {
                /** @description true (default): match and write nothing; false: take the receipts */
                dryRun?: boolean;
                /** @description JSON: {"date":"Txn Date","narration":"Description","reference":"Ref No.","credit":"Credit"} or column numbers */
                columns?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK: the envelope with the result */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        isSuccess: boolean;
                        message: string;
                        result: {
                            matched: {
                                /** @description The line of the statement file */
                                row: number;
                                /** @description The 9-क bill the narration named (GP2026B17); empty when matched by property number */
                                billNo: string;
                                malmattaNo: string;
                                /** @description Rupees as a decimal string with 2 places */
                                amount: string;
                                bankReference: string;
                                /** @description pay: a receipt for the amount (all of it, or part of the dues); advance: more than the dues, the rest held as advance; already: this bank reference was taken before */
                                action: "pay" | "already" | "advance";
                            }[];
                            unmatched: {
                                row: number;
                                /** @description YYYY-MM-DD, the day of the credit */
                                date: string;
                                narration: string;
                                /** @description Rupees as a decimal string with 2 places */
                                amount: string;
                                bankReference: string;
                            }[];
                            totals: {
                                /** @description Credit rows of the statement */
                                credits: number;
                                /** @description Taken (or to be taken) as receipts */
                                matched: number;
                                /** @description Taken by an earlier import or assignment */
                                already: number;
                                unmatched: number;
                                /** @description Rupees as a decimal string with 2 places */
                                amountMatched: string;
                                /** @description Rupees as a decimal string with 2 places */
                                amountUnmatched: string;
                            };
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    matchBankCredit: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The bank’s reference of the credit (UTR / Ref No.) */
                    bankReference: string;
                    /** @description The property the credit pays (either digit style) */
                    malmattaNo: string;
                };
            };
        };
        responses: {
            /** @description Created: the envelope with the new record */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        isSuccess: boolean;
                        message: string;
                        result: {
                            matched: {
                                /** @description The line of the statement file */
                                row: number;
                                /** @description The 9-क bill the narration named (GP2026B17); empty when matched by property number */
                                billNo: string;
                                malmattaNo: string;
                                /** @description Rupees as a decimal string with 2 places */
                                amount: string;
                                bankReference: string;
                                /** @description pay: a receipt for the amount (all of it, or part of the dues); advance: more than the dues, the rest held as advance; already: this bank reference was taken before */
                                action: "pay" | "already" | "advance";
                            };
                            receiptNo: number;
                            financialYear: string;
                            paymentId: number;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listUnmatchedCredits: {
        parameters: {
            query?: {
                pageNumber?: number;
                pageSize?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK: the envelope with the result */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        isSuccess: boolean;
                        message: string;
                        result: {
                            items: {
                                row: number;
                                /** @description YYYY-MM-DD, the day of the credit */
                                date: string;
                                narration: string;
                                /** @description Rupees as a decimal string with 2 places */
                                amount: string;
                                bankReference: string;
                                statementFile: string;
                            }[];
                            pageNumber: number;
                            pageSize: number;
                            totalItems: number;
                            totalPages: number;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    createDistrict: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The district’s name, e.g. सातारा */
                    name: string;
                    /** @description The council accounts it groups */
                    councilIds: number[];
                };
            };
        };
        responses: {
            /** @description Created: the envelope with the new record */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        isSuccess: boolean;
                        message: string;
                        result: {
                            districtId: number;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getDistrictSummary: {
        parameters: {
            query?: {
                /** @description default: this one */
                taxYear?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK: the envelope with the result */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        isSuccess: boolean;
                        message: string;
                        result: {
                            district: {
                                districtId: number;
                                name: string;
                            };
                            taxYear: number;
                            councils: {
                                councilId: number;
                                name: string;
                                properties: number;
                                /** @description Rupees with paise, exact */
                                demand: string;
                                /** @description Rupees with paise, exact */
                                collected: string;
                                /** @description Rupees with paise, exact */
                                balance: string;
                                /** @description collected ÷ demand × 100, two decimals; 0 with no demand */
                                collectionPercent: number;
                                certificates: {
                                    birth: number;
                                    death: number;
                                    residence: number;
                                    marriage: number;
                                };
                                /** @description SMS messages the gateway took in the tax year */
                                smsSent: number;
                            }[];
                            total: {
                                properties: number;
                                /** @description Rupees with paise, exact */
                                demand: string;
                                /** @description Rupees with paise, exact */
                                collected: string;
                                /** @description Rupees with paise, exact */
                                balance: string;
                                /** @description collected ÷ demand × 100, two decimals; 0 with no demand */
                                collectionPercent: number;
                                certificates: {
                                    birth: number;
                                    death: number;
                                    residence: number;
                                    marriage: number;
                                };
                                /** @description SMS messages the gateway took in the tax year */
                                smsSent: number;
                            };
                            certificatesByMonth: {
                                /** @description YYYY-MM, India time */
                                month: string;
                                birth: number;
                                death: number;
                                residence: number;
                                marriage: number;
                            }[];
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getSigningKey: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK: the envelope with the result */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        isSuccess: boolean;
                        message: string;
                        result: {
                            /** @description Moves up with each key the council has had; older ones still verify what they signed */
                            version: number;
                            /** @description true: a key the portal made for the council (स्वयं-निर्मित), vouched for by no certificate authority; false: an uploaded DSC */
                            selfIssued: boolean;
                            /** @description Who signs, as the certificate names them (its common name) */
                            signer: string;
                            /** @description Who issued the certificate (its common name) */
                            issuer: string;
                            /** @description SHA-256 of the signing certificate, hex */
                            certSha256: string;
                            /** Format: date-time */
                            validFrom: string;
                            /** Format: date-time */
                            validTo: string;
                            /** Format: date-time */
                            createdAt: string;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    uploadSigningKey: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK: the envelope with the result */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        isSuccess: boolean;
                        message: string;
                        result: {
                            /** @description Moves up with each key the council has had; older ones still verify what they signed */
                            version: number;
                            /** @description true: a key the portal made for the council (स्वयं-निर्मित), vouched for by no certificate authority; false: an uploaded DSC */
                            selfIssued: boolean;
                            /** @description Who signs, as the certificate names them (its common name) */
                            signer: string;
                            /** @description Who issued the certificate (its common name) */
                            issuer: string;
                            /** @description SHA-256 of the signing certificate, hex */
                            certSha256: string;
                            /** Format: date-time */
                            validFrom: string;
                            /** Format: date-time */
                            validTo: string;
                            /** Format: date-time */
                            createdAt: string;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    verifySignedPdf: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK: the envelope with the result */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        isSuccess: boolean;
                        message: string;
                        result: {
                            /** @description true only when the signature holds, is the council’s key, and the record is unchanged since */
                            genuine: boolean;
                            /** @description birth, death, residence, marriage, namuna8 or receipt; null when the PDF names none */
                            kind: string | null;
                            /** @description The record’s number as the register has it now */
                            registrationNumber: string | null;
                            /** @description The signing certificate’s common name */
                            signedBy: string | null;
                            /** @description When it was signed (ISO date-time) */
                            signedAt: string | null;
                            /** @description Why, Marathi then English ("Superseded by a newer version on DATE", …) */
                            reason: string;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
}

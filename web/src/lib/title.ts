// The document's <title> on the client: the page's name and the office's (common/glossary.ts), set
// when the page or the office name changes. The server sends the same title in the HTML.
import { useEffect } from 'react';
import { pageTitle } from '../../../common/glossary.ts';

export function usePageTitle(page: string | undefined, officeName: string | null | undefined) {
  useEffect(() => {
    document.title = pageTitle(page, officeName);
  }, [page, officeName]);
}

import { useEffect } from "react";
import { useLocation, useNavigate, useNavigation } from "react-router";

// What the customer's paged lists (favorites, orders) share: the page in the URL, a page past the
// last one sent to the last one, and the skeleton while another page loads.

/** A page past the last one (its last entry just went, or an old link): the last page instead. */
export function isPastLastPage(page: number, entriesOnPage: number, numberOfPages: number): boolean {
  return entriesOnPage === 0 && numberOfPages > 0 && page > numberOfPages;
}

/** The loader's isPastLastPage redirect again, for a page whose data streamed in after the document. */
export function useGoToLastPage(pastTheEnd: boolean, lastPageUrl: string) {
  const navigate = useNavigate();
  useEffect(() => {
    if (pastTheEnd) void navigate(lastPageUrl, { replace: true });
  }, [pastTheEnd, lastPageUrl, navigate]);
}

/** Another page of this list on its way (same path, another query, not a form): show its skeleton. */
export function useChangingPage(): boolean {
  const navigation = useNavigation();
  const location = useLocation();
  return (
    navigation.state === "loading" &&
    !navigation.formMethod &&
    navigation.location.pathname === location.pathname &&
    navigation.location.search !== location.search
  );
}

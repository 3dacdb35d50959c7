/**
 * What a capture reports about itself in the result record's `metadata` (CONTRACT §4). Every key a
 * client can see is declared here; the capturer fills in those that apply to the capture.
 */
export interface CaptureMetadata {
  /** The page's URL after redirects. */
  finalUrl: string;
  /** Status code of the main document; null when none was seen (e.g. a `data:` page). */
  httpStatus: number | null;
  /** Set for full-page, element and video captures: true when the page was cut at the height cap. */
  truncated?: boolean;
  /** The page's whole height in CSS px, when it was cut (`truncated`). */
  fullHeightPx?: number;
  /** Requests of the page refused by the SSRF egress checks. */
  blockedRequests?: number;
  /** `blockAds`: requests the ad blocker stopped. */
  blockedAds?: number;
  /** `acceptCookies`: the consent platform found and what was done about it. */
  consent?: { cmp: string | null; action: 'optIn' | 'hidden' | 'failed' | 'none' };
  /** `stealth`: the browser the page was shown. */
  stealth?: { userAgent: string };
  /** What was waited for before the shot, so that the page was ready. */
  readiness?: {
    /** Time until the page's web fonts were ready (`document.fonts.ready`, bounded), ms. */
    fontsMs: number;
    /** Images of the captured area still not decoded when the (bounded) wait ended. */
    imagesPending: number;
    /** Steps of a full page's scroll-through after which the page loaded more (lazy content). */
    lazyScrolls: number;
    /** Shots retaken because the first came out one flat colour although the page has content. */
    retakes: number;
    /**
     * A full page of an app shell (its document does not scroll, a container inside it does): the
     * viewport was made taller by this many CSS px so that the container shows all its content.
     * Absent otherwise.
     */
    scrollContainerPx?: number;
    /**
     * The navigation milestone (`waitUntil`, load by default) did not come within the load budget
     * (LOAD_TIMEOUT_MS): the page was captured as it was. Absent when it came.
     */
    loadTimedOut?: boolean;
    /** With `loadTimedOut`: the page's requests still pending then. */
    pendingRequests?: number;
    /**
     * Requests still in flight when a whole wait for the network to go quiet ran out: taken to
     * hang (long polling, a third-party host that never answers), they were not waited for again.
     * Absent when none.
     */
    hungRequests?: number;
    /**
     * With `loadTimedOut`: exchanges the egress gave up on for the page (2 s or more without a byte
     * from their server, once the load budget had run out), failed so that a script or stylesheet
     * on a dead host no longer held the page. Absent when none.
     */
    abandonedRequests?: number;
    /**
     * The page hid itself (`opacity: 0` on its root or body: an A/B-testing tool's "anti-flicker"
     * snippet whose script did not come within a second) and was shown for the shot. Absent otherwise.
     */
    pageUnhidden?: boolean;
    /**
     * Full pages: elements pinned to the viewport's bottom (fixed bars and buttons, sticky ones)
     * moved to the document's bottom for the shot. Absent when none.
     */
    bottomBarsMoved?: number;
    /**
     * Full pages: backgrounds fixed to the viewport (`background-attachment: fixed`, a fixed layer
     * behind the page) spread over the whole document for the shot. Absent when none.
     */
    fixedBackdrops?: number;
    /**
     * New documents the page loaded of its own accord after the one navigated to (a script's
     * redirect, a reload): the capture was taken again from the last. Absent when none.
     */
    selfNavigations?: number;
    /**
     * New documents the page asked for once it was held where it was, for its last retake (a page
     * that reloads itself, or moves between documents it already showed): refused. Absent when none.
     */
    heldNavigations?: number;
  };
  /** The extra request headers sent to the target's origin, by name (their values are secret). */
  headersSent?: string[];
  /** The cookies set before navigation, by name (their values are secret). */
  cookiesSet?: string[];
  /** The device preset applied. */
  device?: string;
  /** Videos: how far the page was scrolled, in CSS px. */
  scrolledPx?: number;
  /** `description`: the selector cropped to, or null when the full page was returned (seed §2.4). */
  aiSelectorUsed?: string | null;
  /** `description`: 0–1, the locator's confidence in its answer. */
  aiConfidence?: number;
  /** `description`: the locator's answer as it gave it. */
  rawAiSelector?: string | null;
  /** `description`: up to three elements the locator considered, best first, with their score (0–1). */
  aiCandidates?: { selector: string; score: number }[];
  /** `description`: which locator answered (`offline`, `gateway`). */
  aiLocator?: string;
  /** `description`: the model asked, when a gateway answered. */
  aiModel?: string;
  /** `description`: why the full page was returned instead of a crop, when something went wrong. */
  aiError?: string;
}

/** Confidence at or above which a description's answer is cropped to (seed §3.1, rule 3): `aiConfidence` reads against it. */
export const CROP_CONFIDENCE = 0.6;

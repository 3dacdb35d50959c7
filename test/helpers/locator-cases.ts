/**
 * Descriptions a user might write, and the element each one means on the fixture pages under
 * `test/fixtures/pages/locator/`. `expected` lists every selector that counts as right (e.g. a logo
 * image or the link around it); `null` means the page has nothing of the kind, so the right answer
 * is a confidence below the crop threshold (the full page).
 */
export interface LocatorCase {
  page: string;
  description: string;
  expected: string[] | null;
}

export const LOCATOR_CASES: LocatorCase[] = [
  // product page
  { page: 'product.html', description: 'the Add to cart button', expected: ['.btn-primary[type=submit]'] },
  { page: 'product.html', description: 'product price', expected: ['.price', '.price-block'] },
  { page: 'product.html', description: 'the main product photo', expected: ['.main-image'] },
  { page: 'product.html', description: 'site logo', expected: ['.brand', '.brand img'] },
  { page: 'product.html', description: 'search bar', expected: ['.search-form', 'input[type=search]'] },
  { page: 'product.html', description: 'the product name', expected: ['h1'] },
  { page: 'product.html', description: 'size selector', expected: ['#size'] },
  { page: 'product.html', description: 'the customer reviews section', expected: ['#reviews'] },
  { page: 'product.html', description: 'specifications table', expected: ['.specs table', '.specs'] },
  { page: 'product.html', description: 'newsletter signup in the footer', expected: ['.newsletter'] },
  {
    page: 'product.html',
    description: 'breadcrumb navigation',
    expected: ['.breadcrumbs', '.breadcrumbs ol'],
  },
  { page: 'product.html', description: 'shopping cart link', expected: ['.cart-link'] },
  { page: 'product.html', description: 'star rating', expected: ['.rating'] },
  { page: 'product.html', description: 'the footer', expected: ['.site-footer'] },
  { page: 'product.html', description: 'related products', expected: ['.related', '.related ul'] },
  { page: 'product.html', description: 'the wishlist button', expected: ['.wishlist'] },
  { page: 'product.html', description: 'color options', expected: ['.swatches'] },

  // blog post
  { page: 'blog.html', description: 'article title', expected: ['.post-title'] },
  { page: 'blog.html', description: "the author's photo", expected: ['.avatar'] },
  { page: 'blog.html', description: 'publication date', expected: ['time'] },
  { page: 'blog.html', description: 'the pull quote', expected: ['.pull-quote', '.pull-quote p'] },
  { page: 'blog.html', description: 'code snippet', expected: ['pre', 'pre code'] },
  { page: 'blog.html', description: 'table of contents', expected: ['.toc', '.toc ol'] },
  { page: 'blog.html', description: 'comment form', expected: ['.comment-form'] },
  {
    page: 'blog.html',
    description: 'the results table comparing Redis and Postgres',
    expected: ['.results-table'],
  },
  { page: 'blog.html', description: 'cover image', expected: ['.hero-figure img', '.hero-figure'] },
  { page: 'blog.html', description: 'tags', expected: ['.tags'] },
  { page: 'blog.html', description: 'about the author box in the sidebar', expected: ['.about-author'] },

  // landing page
  { page: 'landing.html', description: 'hero section', expected: ['.hero'] },
  { page: 'landing.html', description: 'main headline', expected: ['.hero h1'] },
  { page: 'landing.html', description: 'the Get started button', expected: ['.hero .button-primary'] },
  { page: 'landing.html', description: 'pricing section', expected: ['#pricing'] },
  { page: 'landing.html', description: 'the Team plan card', expected: ['#plan-team'] },
  { page: 'landing.html', description: 'navigation bar', expected: ['.navbar'] },
  { page: 'landing.html', description: 'the logo', expected: ['.logo', '.logo svg'] },
  { page: 'landing.html', description: 'FAQ', expected: ['#faq'] },
  { page: 'landing.html', description: 'customer testimonials', expected: ['.testimonials'] },
  { page: 'landing.html', description: 'features grid', expected: ['#features'] },
  { page: 'landing.html', description: 'product screenshot in the hero', expected: ['.hero-art'] },
  {
    page: 'landing.html',
    description: 'email signup form at the bottom',
    expected: ['.signup-form', '.signup'],
  },

  // forms
  { page: 'forms.html', description: 'login form', expected: ['#login-form', '.login-card'] },
  { page: 'forms.html', description: 'password field', expected: ['#login-password'] },
  {
    page: 'forms.html',
    description: 'remember me checkbox',
    expected: ['input[name=remember]', 'label:has(input[name=remember])'],
  },
  { page: 'forms.html', description: 'forgot password link', expected: ['a[href="/forgot"]'] },
  { page: 'forms.html', description: 'the error message', expected: ['.error-summary'] },
  { page: 'forms.html', description: 'contact form', expected: ['#contact-form', '.contact-card'] },
  { page: 'forms.html', description: 'message text area', expected: ['#message'] },
  { page: 'forms.html', description: 'the cookie banner', expected: ['#cookie-banner'] },
  { page: 'forms.html', description: 'Sign in with Google button', expected: ['.oauth button:first-child'] },
  { page: 'forms.html', description: 'topic dropdown', expected: ['#topic'] },

  // dashboard
  { page: 'dashboard.html', description: 'revenue chart', expected: ['.chart', '.chart-panel'] },
  { page: 'dashboard.html', description: 'recent orders table', expected: ['table.orders', '.orders-panel'] },
  { page: 'dashboard.html', description: 'sidebar', expected: ['.sidebar'] },
  { page: 'dashboard.html', description: 'total revenue card', expected: ['#stat-revenue'] },
  { page: 'dashboard.html', description: 'notifications bell', expected: ['.notifications'] },
  { page: 'dashboard.html', description: 'user menu', expected: ['.user-menu'] },
  { page: 'dashboard.html', description: 'pagination', expected: ['.pager'] },
  { page: 'dashboard.html', description: 'search box', expected: ['.topbar input[type=search]'] },

  // ordinals, "of the …", and other phrasings
  {
    page: 'landing.html',
    description: 'the second testimonial',
    expected: ['.testimonials figure:nth-of-type(2)', '.testimonials figure:nth-of-type(2) blockquote'],
  },
  { page: 'landing.html', description: 'Contact sales button', expected: ['a[href="/contact-sales"]'] },
  { page: 'landing.html', description: 'the most popular plan', expected: ['#plan-team'] },
  { page: 'product.html', description: 'the thumbnails', expected: ['.thumbs'] },
  { page: 'blog.html', description: 'the About link in the top menu', expected: ['.top a[href="/about"]'] },
  { page: 'blog.html', description: 'the first comment', expected: ['.comment'] },
  { page: 'forms.html', description: 'the email input of the contact form', expected: ['#contact-email'] },
  { page: 'dashboard.html', description: 'orders stat', expected: ['#stat-orders'] },

  // nothing on the page fits: the full page is the right answer
  { page: 'product.html', description: 'the video player', expected: null },
  { page: 'blog.html', description: 'the shopping cart', expected: null },
  { page: 'landing.html', description: 'the weather forecast map', expected: null },
  { page: 'forms.html', description: 'the monthly revenue chart', expected: null },
  { page: 'dashboard.html', description: 'the newsletter subscription form', expected: null },
  { page: 'product.html', description: 'the checkout button', expected: null },
  { page: 'landing.html', description: 'the login form', expected: null },
  { page: 'blog.html', description: "the author's twitter handle", expected: null },
  { page: 'dashboard.html', description: 'map of customers by country', expected: null },
];

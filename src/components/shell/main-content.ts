/** The id of the layout's main landmark: the skip link's target, and where focus goes when search closes. */
export const MAIN_CONTENT_ID = 'content';

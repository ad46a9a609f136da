/** The version saved with results (metrics runs), so a number can be traced to the app that computed it. */
export const APP_VERSION: string = __APP_VERSION__;

export * from "./roles.ts";
export * from "./onboarding.ts";
export * from "./auth.ts";

export const PRODUCT_NAME = "Cultivate";
export const TOAST_AUTO_CLOSE_MS = 5000;
export const ONBOARDING_REDIRECT_MS = 2000;
export * from "./activity.ts";
export * from "./format.ts";
export * from "./support.ts";
export * from "./action-history.ts";
export * from "./donor-fields.ts";
export * from "./donors.ts";
export * from "./admin.ts";
export * from "./stages.ts";
export * from "./ai.ts";
export * from "./campaigns.ts";
export * from "./input.ts";
export * from "./contracts/index.ts";

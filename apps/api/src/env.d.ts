import type { MediaSettings } from './modules/media/media-store.ts';
/** Made-up token for local development; never a real bot. Production must set BOT_TOKEN. */
export declare const DEV_BOT_TOKEN = "1234567890:DEV-made-up-token-not-a-real-bot-xx";
export type Env = {
    nodeEnv: 'development' | 'production' | 'test';
    isProduction: boolean;
    port: number;
    host: string;
    databaseUrl: string | undefined;
    dataDir: string;
    botToken: string;
    botUsername: string | undefined;
    appName: string | undefined;
    jwtSecret: string;
    devLogin: boolean;
    authMaxAgeS: number;
    logLevel: string;
    redisUrl: string | undefined;
    webDist: string | undefined;
    /** 32-byte AES-256-GCM key for passport data. */
    dataKey: Buffer;
    orderTtlMin: number;
    /** IANA zone of the shop's days (SHOP_TIME_ZONE). */
    shopTimeZone: string;
    /** Fewer units than this is «мало» in the console's inventory (LOW_STOCK_THRESHOLD). */
    lowStockThreshold: number;
    paymentProvider: 'sandbox' | 'yookassa';
    yookassa: {
        shopId: string;
        secretKey: string;
        apiUrl: string;
    } | undefined;
    publicUrl: string | undefined;
    imageHosts: string[];
    seedDemo: boolean;
    adminTelegramIds: number[];
    botApiRoot: string;
    botWebhookSecret: string | undefined;
    /** Messages go out only with a real BOT_TOKEN; with the made-up dev token they wait in the outbox. */
    botCanSend: boolean;
    /** Addresses/CIDRs of the reverse proxies in front of the API; false: clients connect directly. */
    trustProxy: false | string[];
    /** `GET /metrics` answers only with `Authorization: Bearer <this>`; undefined: 404. */
    metricsToken: string | undefined;
    /** The programmes' numbers (docs/product.md §13). */
    programmes: ProgrammeSettings;
    /** Where find's Poizon items come from (modules/find/poizon-provider.ts); absent means none. */
    poizon?: PoizonEnv;
    /** Extra img-src origins of the Content-Security-Policy (the shop CDN). */
    cspImgOrigins: string[];
    /** Abuse limits (docs/product.md §16); `enabled: false` only outside production. */
    rateLimits: RateLimitSettings;
    /** The catalogue read cache (docs/decisions/024; absent: on); off only to benchmark the queries. */
    catalogCache?: boolean;
    /** The per-instance token index of facets and combined filters (docs/decisions/036; absent: on). */
    catalogTokenIndex?: boolean;
    /** Describe undescribed catalogue pictures for search by photo at start (absent: on). */
    photoIndexOnStart?: boolean;
    /** FIRST_SCREEN_BUDGET_MS (absent: ANSWER_BUDGET_MS, 400 ms). */
    firstScreenBudgetMs?: number;
    /** SHOP_ROLE (absent: `all`). */
    role?: ShopRole;
    /** MEDIA_STORE and S3_* (absent: the local folder DATA_DIR). */
    media?: MediaSettings;
    /** SHUTDOWN_DELAY_MS (absent: 0). */
    shutdownDelayMs?: number;
    /** PRESSURE_* (absent: 1 s of event-loop delay, no memory limit). */
    pressure?: PressureLimits;
    /** Delivery and customs (absent: DEFAULT_DELIVERY_SETTINGS, the fake carrier). */
    delivery?: DeliverySettings;
    /** OTEL_EXPORTER_OTLP_ENDPOINT and OTEL_SERVICE_NAME (absent: no traces). */
    tracing?: TracingSettings;
};
export type TracingSettings = {
    endpoint: string;
    serviceName: string;
};
export type ShopRole = 'all' | 'web' | 'worker';
export type PressureLimits = {
    /** 0: no limit. */
    maxEventLoopDelayMs: number;
    /** 0: no limit. */
    maxHeapUsedBytes: number;
    /** 0: no limit. */
    maxRssBytes: number;
    sampleIntervalMs?: number;
};
export type DeliverySettings = {
    provider: 'fake' | 'cdek' | 'none';
    cdek?: {
        apiUrl: string;
        clientId: string;
        clientSecret: string;
    } | undefined;
    fromCityCode: number;
    webhookSecret: string | undefined;
    chinaDaysMin: number;
    chinaDaysMax: number;
    unitWeightG: number;
    cbrRatesUrl: string;
    eurRateFallback: number;
    rateMaxAgeHours: number;
};
/** The settings' defaults (tests and tools that build an Env by hand). */
export declare const DEFAULT_DELIVERY_SETTINGS: DeliverySettings;
export type RateLimitSettings = {
    enabled: boolean;
    writesPerMin: number;
    searchPerMin: number;
    photoPerMin: number;
    resolvePerMin: number;
    signInPerMin: number;
    imagesPerMin: number;
    /** Caps on what one shopper holds unpaid (not per minute; apply even with RATE_LIMITS=off). */
    unpaidOrders: number;
    unpaidUnits: number;
    /** The Redis key prefix of the counts (with REDIS_URL). */
    redisPrefix: string;
};
export type PoizonEnv = {
    provider: 'none' | 'fixture' | 'http';
    apiUrl?: string | undefined;
    apiKey?: string | undefined;
    minIntervalMs: number;
};
export type ProgrammeSettings = {
    referralReward: number;
    referralWelcome: number;
    referralMinOrder: number;
    referralBindWindowHours: number;
    referralMaxRewardsPerMonth: number;
    bonusSpendCapPercent: number;
    bonusTtlDays: number;
    welcomeTtlDays: number;
    bonusReturnTtlDays: number;
    bloggerCommissionPercent: number;
    bloggerBuyerDiscountPercent: number;
    bloggerBuyerDiscountCap: number;
    bloggerBindingDays: number;
    bloggerMinPayout: number;
    shopLegalName: string;
    shopInn: string;
};
/** DESIGN §8's defaults (tests and tools that build an Env by hand). */
export declare const DEFAULT_PROGRAMME_SETTINGS: ProgrammeSettings;
export declare class EnvError extends Error {
}
/**
 * Parses TRUST_PROXY: `false`, or a comma list of IPv4/IPv6 addresses and CIDRs. Never "trust
 * everyone": with that, any client could pick its own address (rate limits, logs) by sending
 * X-Forwarded-For.
 */
export declare function parseTrustProxy(value: string): false | string[];
/** Decodes DATA_KEY (64 hex characters or base64 of 32 bytes); undefined when malformed. */
export declare function parseDataKey(value: string): Buffer | undefined;
/** Parses and completes the environment. Throws EnvError with one line naming the problem. */
export declare function loadEnv(source?: NodeJS.ProcessEnv): Promise<Env>;

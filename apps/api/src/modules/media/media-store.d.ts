export type MediaSettings = {
    kind: 'local';
} | {
    kind: 's3';
    /** An S3-compatible server (Yandex Object Storage, SeaweedFS, Garage…); unset: AWS. */
    endpoint?: string | undefined;
    region: string;
    bucket: string;
    /** Unset: the AWS SDK's default chain (environment, instance role). */
    accessKeyId?: string | undefined;
    secretAccessKey?: string | undefined;
    /** `http://host/bucket/key` instead of `http://bucket.host/key` (most self-hosted stores). */
    forcePathStyle: boolean;
};
export type StoredFile = {
    key: string;
    modifiedMs: number;
};
export interface MediaStore {
    readonly kind: 'local' | 's3';
    /** The file's bytes; undefined when there is none. */
    get(key: string): Promise<Buffer | undefined>;
    /** Writes the whole file at once: a reader never sees half of it. */
    put(key: string, body: Buffer, contentType: string): Promise<void>;
    exists(key: string): Promise<boolean>;
    /** True when this call removed the file (false: it was not there). */
    delete(key: string): Promise<boolean>;
    /** The files directly under `folder` (a key ending in `/`), with their last change. */
    list(folder: string): Promise<StoredFile[]>;
    close(): void;
}
/** Keys are relative paths without dot-segments or hidden names: they cannot leave the store. */
export declare function checkKey(key: string, folder?: boolean): string;
export declare function createMediaStore(settings: MediaSettings | undefined, dataDir: string): MediaStore;

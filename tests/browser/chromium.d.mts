export declare const INSTALL_HINT: string;
export declare const HEADLESS_SHELL: string;
export declare function findChromium(): string | null;
export declare function findTestChromium(): string | null;
export declare function isHeadlessShell(path: string): boolean;

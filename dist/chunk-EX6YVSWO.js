#!/usr/bin/env node
import { createRequire as __dogCreateRequire } from 'node:module';
const require = __dogCreateRequire(import.meta.url);
import {
  __name
} from "./chunk-BMKY64RE.js";

// node_modules/@github/copilot-sdk/dist/ffiRuntimeHost.js
import { existsSync } from "node:fs";

// dog-stub:koffi
var fail = /* @__PURE__ */ __name(() => {
  throw new Error("in-process Copilot runtime hosting is not supported");
}, "fail");
var koffi_default = new Proxy({}, { get: fail });

// node_modules/@github/copilot-sdk/dist/ffiRuntimeHost.js
import { resolve } from "node:path";
import { PassThrough, Writable } from "node:stream";
var SYMBOL_PREFIX = "copilot_runtime_";
var KEEP_ALIVE_INTERVAL_MS = 1 << 30;
var CLEANUP_RETRY_INTERVAL_MS = 100;
var loadedLibraryPath;
var loadedLibrary;
function loadLibrary(libraryPath) {
  if (loadedLibrary) {
    if (loadedLibraryPath !== libraryPath) {
      throw new Error(
        `An in-process FFI runtime library is already loaded from '${loadedLibraryPath}'; loading a different library from '${libraryPath}' in the same process is not supported.`
      );
    }
    return loadedLibrary;
  }
  const lib = koffi_default.load(libraryPath);
  const outboundCallbackType = koffi_default.pointer(
    koffi_default.proto(
      `void ${SYMBOL_PREFIX}outbound(void *userData, uint8 *bytesPtr, size_t bytesLen)`
    )
  );
  loadedLibrary = {
    hostStart: lib.func(`${SYMBOL_PREFIX}host_start`, "uint32", [
      "uint8*",
      "size_t",
      "uint8*",
      "size_t"
    ]),
    hostShutdown: lib.func(`${SYMBOL_PREFIX}host_shutdown`, "bool", ["uint32"]),
    connectionOpen: lib.func(`${SYMBOL_PREFIX}connection_open`, "uint32", [
      "uint32",
      outboundCallbackType,
      "void*",
      "uint8*",
      "size_t",
      "uint8*",
      "size_t",
      "uint8*",
      "size_t"
    ]),
    connectionWrite: lib.func(`${SYMBOL_PREFIX}connection_write`, "bool", [
      "uint32",
      "uint8*",
      "size_t"
    ]),
    connectionClose: lib.func(`${SYMBOL_PREFIX}connection_close`, "bool", ["uint32"]),
    outboundCallbackType
  };
  loadedLibraryPath = libraryPath;
  return loadedLibrary;
}
__name(loadLibrary, "loadLibrary");
function buildArgvJson(cliEntrypoint, args) {
  const argv = cliEntrypoint ? cliEntrypoint.toLowerCase().endsWith(".js") ? ["node", cliEntrypoint, "--embedded-host", "--no-auto-update"] : [cliEntrypoint, "--embedded-host", "--no-auto-update"] : [];
  argv.push(...args);
  return Buffer.from(JSON.stringify(argv), "utf8");
}
__name(buildArgvJson, "buildArgvJson");
function buildEnvJson(environment) {
  if (!environment) {
    return null;
  }
  const obj = {};
  for (const [key, value] of Object.entries(environment)) {
    if (value !== void 0) {
      obj[key] = value;
    }
  }
  if (Object.keys(obj).length === 0) {
    return null;
  }
  return Buffer.from(JSON.stringify(obj), "utf8");
}
__name(buildEnvJson, "buildEnvJson");
var FfiRuntimeHost = class _FfiRuntimeHost {
  static {
    __name(this, "FfiRuntimeHost");
  }
  constructor(libraryPath, cliEntrypoint, environment, args) {
    this.libraryPath = libraryPath;
    this.cliEntrypoint = cliEntrypoint;
    this.environment = environment;
    this.args = args;
    this.lib = loadLibrary(libraryPath);
    this.receiveStream = new PassThrough();
    this.sendStream = new Writable({
      // connection_write enqueues the frame into the runtime's inbound channel and
      // returns immediately, so a synchronous FFI call is sufficient here.
      write: /* @__PURE__ */ __name((chunk, _encoding, callback) => {
        try {
          this.writeFrame(chunk);
          callback();
        } catch (error) {
          callback(error);
        }
      }, "write")
    });
  }
  libraryPath;
  cliEntrypoint;
  environment;
  args;
  static quarantinedHosts = /* @__PURE__ */ new Set();
  lib;
  serverId = 0;
  connectionId = 0;
  disposed = false;
  starting = false;
  outboundCallback;
  keepAliveTimer;
  cleanupRetryTimer;
  cleanupInProgress = false;
  /** The stream JSON-RPC reads server→client frames from. */
  receiveStream;
  /** The stream JSON-RPC writes client→server frames to. */
  sendStream;
  /**
   * Loads the runtime cdylib at the given path and prepares the FFI host.
   */
  static create(libraryPath, cliEntrypoint, environment, args) {
    const fullLibraryPath = resolve(libraryPath);
    if (!existsSync(fullLibraryPath)) {
      throw new Error(`FFI runtime library not found at '${fullLibraryPath}'.`);
    }
    return new _FfiRuntimeHost(
      fullLibraryPath,
      cliEntrypoint ? resolve(cliEntrypoint) : void 0,
      environment,
      args
    );
  }
  /** Starts the in-process Rust runtime and opens the FFI JSON-RPC connection. */
  async start() {
    if (this.disposed) {
      throw new Error("The in-process runtime host is disposed.");
    }
    this.starting = true;
    const argvJson = buildArgvJson(this.cliEntrypoint, this.args);
    const envJson = buildEnvJson(this.environment);
    try {
      this.serverId = await new Promise((resolvePromise, rejectPromise) => {
        this.lib.hostStart.async(
          argvJson,
          argvJson.length,
          envJson,
          envJson ? envJson.length : 0,
          (error, result) => {
            if (error) {
              rejectPromise(error);
            } else {
              resolvePromise(result);
            }
          }
        );
      });
      if (!this.serverId) {
        throw new Error(
          `copilot_runtime_host_start failed (library '${this.libraryPath}').`
        );
      }
      if (this.disposed) {
        throw new Error("The in-process runtime host was disposed during startup.");
      }
      this.outboundCallback = koffi_default.register(
        (_userData, bytesPtr, bytesLen) => this.feedInbound(bytesPtr, bytesLen),
        this.lib.outboundCallbackType
      );
      this.connectionId = this.lib.connectionOpen(
        this.serverId,
        this.outboundCallback,
        null,
        null,
        0,
        null,
        0,
        null,
        0
      );
      if (!this.connectionId) {
        this.unregisterCallback();
        this.lib.hostShutdown(this.serverId);
        this.serverId = 0;
        throw new Error("copilot_runtime_connection_open failed.");
      }
      this.keepAliveTimer = setInterval(() => {
      }, KEEP_ALIVE_INTERVAL_MS);
    } finally {
      this.starting = false;
      if (this.disposed) {
        void this.tryFinalizeCleanup();
      }
    }
  }
  writeFrame(frame) {
    if (this.disposed || !this.connectionId) {
      throw new Error("The in-process runtime connection is closed.");
    }
    const ok = this.lib.connectionWrite(this.connectionId, frame, frame.length);
    if (!ok) {
      throw new Error("Failed to write a frame to the in-process runtime connection.");
    }
  }
  /**
   * Native outbound (server→client) callback. koffi delivers it on the JS event loop
   * via a threadsafe function, so the frame is decoded and written straight to
   * {@link receiveStream}. The native pointer is only valid for this call, so the
   * bytes are copied out before returning.
   */
  feedInbound(bytesPtr, bytesLen) {
    try {
      if (this.disposed || this.receiveStream.writableEnded) {
        return;
      }
      const length = Number(bytesLen);
      if (!bytesPtr || length <= 0) {
        return;
      }
      const bytes = koffi_default.decode(
        bytesPtr,
        koffi_default.array("uint8", length, "Typed")
      );
      this.receiveStream.write(Buffer.from(bytes));
    } catch (error) {
      console.error(
        `In-process FFI inbound callback failed: ${error instanceof Error ? error.stack ?? error.message : String(error)}`
      );
    }
  }
  unregisterCallback() {
    if (this.outboundCallback === void 0) {
      return true;
    }
    const callback = this.outboundCallback;
    try {
      koffi_default.unregister(callback);
      this.outboundCallback = void 0;
      return true;
    } catch (error) {
      console.error(
        `Failed to unregister in-process FFI callback: ${error instanceof Error ? error.stack ?? error.message : String(error)}`
      );
      _FfiRuntimeHost.quarantinedHosts.add(this);
      return false;
    }
  }
  scheduleCleanupRetry() {
    if (this.cleanupRetryTimer !== void 0) {
      return;
    }
    this.cleanupRetryTimer = setTimeout(() => {
      this.cleanupRetryTimer = void 0;
      void this.tryFinalizeCleanup();
    }, CLEANUP_RETRY_INTERVAL_MS);
  }
  async tryFinalizeCleanup() {
    if (this.cleanupInProgress) {
      this.scheduleCleanupRetry();
      return;
    }
    this.cleanupInProgress = true;
    try {
      if (this.connectionId) {
        let closed = false;
        try {
          closed = await new Promise((resolvePromise, rejectPromise) => {
            this.lib.connectionClose.async(
              this.connectionId,
              (error, result) => {
                if (error) {
                  rejectPromise(error);
                } else {
                  resolvePromise(result);
                }
              }
            );
          });
        } catch (error) {
          console.error(
            `Failed to close in-process FFI connection: ${error instanceof Error ? error.stack ?? error.message : String(error)}`
          );
          _FfiRuntimeHost.quarantinedHosts.add(this);
          if (this.keepAliveTimer !== void 0) {
            clearInterval(this.keepAliveTimer);
            this.keepAliveTimer = void 0;
          }
          return;
        }
        if (!closed) {
          this.scheduleCleanupRetry();
          return;
        }
        this.connectionId = 0;
      }
      const callbackUnregistered = this.unregisterCallback();
      if (this.keepAliveTimer !== void 0) {
        clearInterval(this.keepAliveTimer);
        this.keepAliveTimer = void 0;
      }
      if (this.serverId) {
        try {
          if (!this.lib.hostShutdown(this.serverId)) {
            console.error(
              `In-process FFI host shutdown did not recognize server ${this.serverId}.`
            );
          }
        } catch (error) {
          console.error(
            `Failed to shut down in-process FFI host: ${error instanceof Error ? error.stack ?? error.message : String(error)}`
          );
        }
        this.serverId = 0;
      }
      if (callbackUnregistered) {
        _FfiRuntimeHost.quarantinedHosts.delete(this);
      }
    } finally {
      this.cleanupInProgress = false;
    }
  }
  /** Awaits the initial cleanup attempt; a non-quiescent close is retried in the background. */
  async dispose() {
    if (this.disposed) {
      return;
    }
    this.disposed = true;
    this.receiveStream.end();
    if (!this.starting) {
      await this.tryFinalizeCleanup();
    }
  }
};
export {
  FfiRuntimeHost
};

import { installRenderLogHook } from "./render-log";

installRenderLogHook();

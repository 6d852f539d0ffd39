// The bench page: registers every latency scenario, then tells the Node harness it is ready.
import "../../src/styles/question-dock.css";
import { registerBaselineScenarios } from "./baseline-scenarios";
import { registerDockScenarios } from "./dock-scenarios";
import { exposeBenchPage } from "./registry";
import { registerScaleScenarios } from "./scale-scenarios";

registerBaselineScenarios();
registerDockScenarios();
// Last: the long conversation stays mounted, and would weigh on the scenarios above.
registerScaleScenarios();
exposeBenchPage();

// Hickory Dickory's game widget (hickory_widget.hickory.widget.HickoryWidget).
import "../core/shell.css";
import "../hickory/widget.css";
export { default } from "../hickory/widget.mjs";

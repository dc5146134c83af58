// The mice widget: the core's shell around the game's drawing (hickory_widget.mice.widget).
import "../core/shell.css";
import "../mice/board.css";
import { gameWidget } from "../core/widget.mjs";
import { drawBoard } from "../mice/board.mjs";

export default gameWidget(drawBoard);

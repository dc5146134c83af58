// The clocktowers widget: the core's shell around the game's drawing (hickory_widget.clocktowers.widget).
import "../core/shell.css";
import "../clocktowers/board.css";
import { gameWidget } from "../core/widget.mjs";
import { drawBoard } from "../clocktowers/board.mjs";

export default gameWidget(drawBoard);

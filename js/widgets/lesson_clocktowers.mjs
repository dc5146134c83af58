// The clocktowers lessons (hickory_widget.lessons.card_widget): the lesson panel with the game's own table.
import "../core/shell.css";
import "../hickory/widget.css";
import "../lesson.css";
import "../clocktowers/board.css";
import { cardLessonWidget } from "../lesson.mjs";
import { drawBoard } from "../clocktowers/board.mjs";

export default cardLessonWidget(drawBoard);

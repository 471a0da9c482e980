# The banqi plugin's words in English, where they read better than its own.
option-no-progress = Draw after plies without a flip or capture

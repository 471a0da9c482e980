# The chess plugin's words in English, where they read better than its own.
reason-fifty-move-rule = the fifty-move rule
reason-seventy-five-move-rule = the seventy-five-move rule
